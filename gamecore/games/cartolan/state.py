"""The mutable game state, its one-copy-per-apply clone, and its JSON layout.

The public ``apply`` copies the state once and then mutates the copy in place; simulations
may use ``CartolanGame.apply_in_place`` and skip the copy.
"""

from __future__ import annotations

from typing import Any, Final

from gamecore.games.cartolan import board
from gamecore.games.cartolan.presets import Params, params_for
from gamecore.rng import Rng

#: ``State.offers`` at the start of a turn on a wonder (modern): only its trade is open. The
#: list of wonders traded at is cleared as a turn ends, and the designer's Router trades then,
#: after the move that ended its turn (players_heuristical.py PlayerBeginnerRouter.
#: continue_move); a rules engine asks only the player whose turn it is, so the trade is
#: offered when the next turn starts there, to every player (binding decision 14's figures).
TRADE_AT_TURN_START: Final = 3


class Adventurer:
    """One Adventurer token (§2.4): where it is, what it carries, its expedition memory."""

    __slots__ = (
        "seat",
        "pos",
        "chest",
        "pirate",
        "maps",
        "latest_city",
        "traded",
        "ready_round",
        "cards",
        "new_cards",
        "offered",
        "visited",
        "buffs",
        "equipped",
    )

    # Defaults: compiled with mypyc, unpickling (``cls.__new__``) runs ``__init__()``.
    def __init__(self, seat: int = 0, pos: int = 0, ready_round: int = 0) -> None:
        self.seat = seat
        self.pos = pos
        self.chest = 0
        self.pirate = False
        self.maps: list[int] = []
        self.latest_city = pos
        self.traded: list[int] = []
        self.ready_round = ready_round
        #: Advanced: Character and Manuscript cards held; those taken this turn; whether a
        #: Character was offered; Agents visited since the last city (classic Sickness).
        self.cards: list[int] = []
        self.new_cards: list[int] = []
        self.offered = False
        self.visited: list[int] = []
        #: Effect counts of the active cards (kept up to date by ``cards.recompute``).
        self.buffs: dict[str, int] = {}
        #: classic Advanced: the one Technology card in use (-1: none), decision 12j.
        self.equipped = -1

    def clone(self) -> Adventurer:
        other = Adventurer(self.seat, self.pos, self.ready_round)
        other.chest = self.chest
        other.pirate = self.pirate
        other.maps = self.maps[:]
        other.latest_city = self.latest_city
        other.traded = self.traded[:]
        other.cards = self.cards[:]
        other.new_cards = self.new_cards[:]
        other.offered = self.offered
        other.visited = self.visited[:]
        other.buffs = self.buffs
        other.equipped = self.equipped
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "pos": self.pos,
            "chest": self.chest,
            "pirate": self.pirate,
            "maps": self.maps,
            "latest_city": self.latest_city,
            "traded": self.traded,
            "ready_round": self.ready_round,
            "cards": self.cards,
            "new_cards": self.new_cards,
            "offered": self.offered,
            "visited": self.visited,
            "buffs": self.buffs,
            "equipped": self.equipped,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Adventurer:
        adv = cls(data["seat"], data["pos"], data["ready_round"])
        adv.chest = data["chest"]
        adv.pirate = data["pirate"]
        adv.maps = list(data["maps"])
        adv.latest_city = data["latest_city"]
        adv.traded = list(data["traded"])
        adv.cards = list(data["cards"])
        adv.new_cards = list(data["new_cards"])
        adv.offered = data["offered"]
        adv.visited = list(data["visited"])
        adv.buffs = dict(data["buffs"])
        adv.equipped = data.get("equipped", -1)
        return adv


class Agent:
    """An Agent (Inn): owner, wealth it holds, and whether it is active or ransacked (§8)."""

    __slots__ = ("owner", "wealth", "active")

    # Default owner: compiled with mypyc, unpickling (``cls.__new__``) runs ``__init__()``.
    def __init__(self, owner: int = -1, wealth: int = 0, active: bool = True) -> None:
        self.owner = owner
        self.wealth = wealth
        self.active = active

    def clone(self) -> Agent:
        return Agent(self.owner, self.wealth, self.active)


_SCALARS = (
    "players",
    "round",
    "order_pos",
    "adv_index",
    "down",
    "up",
    "land",
    "offers",
    "travel_ok",
    "decision",
    "over",
    "end_reason",
    "last_action",
    "explored_count",
    "free_rest_used",
    "pool_ok",
    "fresh",
)


class State:
    """Everything about one game. Treat as immutable outside this package."""

    __slots__ = (
        "_options",
        "budgetted",
        "clockwise",
        "travel_money",
        "abandon_ok",
        "moved",
        "fresh",
        "params",
        "players",
        "rng",
        "tiles",
        "dropped",
        "piles",
        "discards",
        "vault",
        "advs",
        "agents",
        "order",
        "round",
        "order_pos",
        "adv_index",
        "down",
        "up",
        "land",
        "rested",
        "attacked",
        "offers",
        "travel_ok",
        "decision",
        "pending",
        "cities",
        "over",
        "end_reason",
        "winners",
        "path",
        "last_path",
        "last_action",
        "explored_count",
        "decks",
        "cadre",
        "free_rest_used",
        "rested_with",
        "pool_ok",
    )

    def __init__(self) -> None:
        self._options: dict[str, Any] = {}
        #: Read from ``options`` when they are set (the rules read them at every step):
        #: the ``budgetted`` movement variant (§5.3), the ``clockwise`` exploration variant.
        self.budgetted = False
        self.clockwise = False
        #: Options travel money and abandoning (decision 12f: off in classic, on in modern).
        self.travel_money = True
        self.abandon_ok = True
        #: classic (decision 12b): indexes of the moving seat's Adventurers that have had their
        #: turn this round, and whether the Adventurer moving now has done nothing yet (so
        #: its player may still start with another one).
        self.moved: list[int] = []
        self.fresh = True
        self.params: Params
        self.players = 0
        self.rng = Rng(0)
        self.tiles: dict[int, int] = {}
        self.dropped: dict[int, int] = {}
        self.piles: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.vault: list[int] = []
        self.advs: list[list[Adventurer]] = []
        self.agents: dict[int, Agent] = {}
        self.order: list[int] = []
        self.round = 1
        self.order_pos = 0
        self.adv_index = 0
        self.down = 0
        self.up = 0
        self.land = 0
        #: Agents (cells) this Adventurer rested at / may not rest at this turn (§8.3).
        self.rested: list[int] = []
        #: Targets attacked during the current move: ("agent", cell) or (seat, index).
        self.attacked: list[Any] = []
        #: 0: no tile actions open; 1: arrival/wait actions open; 2: just explored here;
        #: TRADE_AT_TURN_START: only the trade of the wonder the turn starts on (modern)
        self.offers = 0
        self.travel_ok = False
        self.decision = "move"
        self.pending: dict[str, Any] = {}
        #: the Capital first, then the Mythical City once laid or discovered (read by index)
        self.cities: list[int] = []
        self.over = False
        self.end_reason = ""
        self.winners: tuple[int, ...] = ()
        self.path: list[int] = []
        self.last_path: list[int] = []
        self.last_action: tuple[Any, ...] = ()
        self.explored_count = 0
        #: Advanced: undrawn cards per deck, each seat's Cadre card (-1: none yet), this
        #: turn's free rest used (+freerests), Adventurers rested with (+rests), a +pool
        #: re-choice open after a rest.
        self.decks: dict[str, list[int]] = {}
        self.cadre: list[int] = []
        self.free_rest_used = False
        self.rested_with: list[list[int]] = []
        self.pool_ok = False

    @property
    def options(self) -> dict[str, Any]:
        """The match options (``movement``, ``exploration``, ``mythical``, ...); assign a new
        dict to change them."""
        return self._options

    @options.setter
    def options(self, options: dict[str, Any]) -> None:
        self._options = options
        self.budgetted = options.get("movement") == "budgetted"
        self.clockwise = options.get("exploration") == "clockwise"
        modern = "on" if options.get("preset") == "modern" else "off"
        self.travel_money = options.get("travel_money", modern) == "on"
        self.abandon_ok = options.get("abandon", modern) == "on"

    # -- handy read-only accessors -----------------------------------------------------
    @property
    def seat(self) -> int:
        """The seat whose Adventurer is moving (or deciding)."""
        return self.order[self.order_pos]

    @property
    def adventurer(self) -> Adventurer:
        return self.advs[self.seat][self.adv_index]

    def clone(self) -> State:
        other = State()
        other._options = self._options
        other.budgetted = self.budgetted
        other.clockwise = self.clockwise
        other.travel_money = self.travel_money
        other.abandon_ok = self.abandon_ok
        other.moved = self.moved[:]
        other.fresh = self.fresh
        other.params = self.params
        other.players = self.players
        other.rng = Rng(self.rng.state)
        other.tiles = self.tiles.copy()
        other.dropped = self.dropped.copy()
        other.piles = [self.piles[0][:], self.piles[1][:]]
        other.discards = [self.discards[0][:], self.discards[1][:]]
        other.vault = self.vault[:]
        other.advs = [[adv.clone() for adv in seat] for seat in self.advs]
        other.agents = {cell: agent.clone() for cell, agent in self.agents.items()}
        other.order = self.order
        other.round = self.round
        other.order_pos = self.order_pos
        other.adv_index = self.adv_index
        other.down = self.down
        other.up = self.up
        other.land = self.land
        other.rested = self.rested[:]
        other.attacked = self.attacked[:]
        other.offers = self.offers
        other.travel_ok = self.travel_ok
        other.decision = self.decision
        other.pending = dict(self.pending)
        other.cities = self.cities[:]
        other.over = self.over
        other.end_reason = self.end_reason
        other.winners = self.winners
        other.path = self.path[:]
        other.last_path = self.last_path
        other.last_action = self.last_action
        other.explored_count = self.explored_count
        other.decks = {name: deck[:] for name, deck in self.decks.items()}
        other.cadre = self.cadre[:]
        other.free_rest_used = self.free_rest_used
        other.rested_with = self.rested_with[:]
        other.pool_ok = self.pool_ok
        return other

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        data.update(
            options=dict(self.options),
            rng=self.rng.state,
            tiles=[[cell, tile] for cell, tile in self.tiles.items()],
            dropped=[[cell, amount] for cell, amount in self.dropped.items()],
            piles=[pile[:] for pile in self.piles],
            discards=[pile[:] for pile in self.discards],
            vault=self.vault[:],
            advs=[[adv.to_dict() for adv in seat] for seat in self.advs],
            agents=[[c, a.owner, a.wealth, a.active] for c, a in self.agents.items()],
            order=self.order[:],
            rested=self.rested[:],
            attacked=[list(target) for target in self.attacked],
            pending=_encode_pending(self.pending),
            cities=self.cities[:],
            winners=list(self.winners),
            path=self.path[:],
            last_path=self.last_path[:],
            decks={name: deck[:] for name, deck in self.decks.items()},
            cadre=self.cadre[:],
            rested_with=[list(pair) for pair in self.rested_with],
            moved=self.moved[:],
        )
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        state = cls()
        # The scalars one by one (not setattr over ``_SCALARS``): each has its declared type,
        # and ``last_action`` comes back from JSON as a list (turned into a tuple below).
        state.players = data["players"]
        state.round = data["round"]
        state.order_pos = data["order_pos"]
        state.adv_index = data["adv_index"]
        state.down = data["down"]
        state.up = data["up"]
        state.land = data["land"]
        state.offers = data["offers"]
        state.travel_ok = data["travel_ok"]
        state.decision = data["decision"]
        state.over = data["over"]
        state.end_reason = data["end_reason"]
        state.explored_count = data["explored_count"]
        state.free_rest_used = data["free_rest_used"]
        state.pool_ok = data["pool_ok"]
        state.fresh = data.get("fresh", False)
        state.moved = list(data.get("moved", []))
        state.options = dict(data["options"])
        opts = state.options
        state.params = params_for(opts["preset"], opts["mode"], state.players)
        state.rng = Rng(data["rng"])
        state.tiles = {cell: tile for cell, tile in data["tiles"]}
        state.dropped = {cell: amount for cell, amount in data["dropped"]}
        state.piles = [list(pile) for pile in data["piles"]]
        state.discards = [list(pile) for pile in data["discards"]]
        state.vault = list(data["vault"])
        state.advs = [[Adventurer.from_dict(a) for a in seat] for seat in data["advs"]]
        state.agents = {c: Agent(o, w, act) for c, o, w, act in data["agents"]}
        state.order = list(data["order"])
        state.rested = list(data["rested"])
        state.attacked = [tuple(target) for target in data["attacked"]]
        state.pending = _decode_pending(data["pending"])
        state.cities = list(data["cities"])
        state.winners = tuple(data["winners"])
        state.last_action = tuple(data["last_action"]) if data["last_action"] else ()
        state.path = list(data["path"])
        state.last_path = list(data["last_path"])
        state.decks = {name: list(deck) for name, deck in data["decks"].items()}
        state.cadre = list(data["cadre"])
        state.rested_with = [list(pair) for pair in data["rested_with"]]
        return state


def _encode_pending(pending: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in pending.items()}


def _decode_pending(pending: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if k == "victim" else v for k, v in pending.items()}


def xy(cell: int) -> list[int]:
    x, y = board.coords(cell)
    return [x, y]
