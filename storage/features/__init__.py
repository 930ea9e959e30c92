"""The store's features, one module each: its queries, written once for SQLite and
PostgreSQL (storage/sql.py), and a class of methods over them, mixed into
``storage.store.MatchStore``. Its tables come from one migration in storage/migrations.py.
"""
