#!/bin/sh
# The container's entry: a container's defaults (the database in the /data volume, the
# health endpoint on 8080 of the container's network), then the bot, or the command given,
# in place of this shell (exec), so `docker stop`'s SIGTERM reaches the bot itself.
set -eu
: "${DATABASE_URL:=sqlite:////data/tabletop.db}"
: "${HEALTH_PORT:=8080}"
: "${HEALTH_HOST:=0.0.0.0}"
export DATABASE_URL HEALTH_PORT HEALTH_HOST
if [ "$#" -eq 0 ]; then
  set -- python -m bot
fi
exec "$@"
