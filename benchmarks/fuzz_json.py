"""Fuzz ``cardrules.from_json`` and every game's action text parser with damaged real input.

Run from the repository root::

    python benchmarks/fuzz_json.py                      # 120,000 inputs, a few minutes
    python benchmarks/fuzz_json.py --inputs 20000 --seed 3
    .venv-fuzz/bin/python benchmarks/fuzz_json.py --atheris -runs=200000   # coverage-guided

The corpus is real documents of all three games — states, views, actions,
configs, game records and player records from seeded play, plus the text of
listed actions. Each input is one of them damaged by a mutator: byte flips,
truncation, inserted and deleted bytes, splices of two documents, deep nesting,
huge numbers, duplicate keys, values of the wrong type, deleted or unknown
keys, swapped or duplicated cards, lists cut short. Every input must either
load into a fully valid object — re-encoding gives it back; a state passes its
game's ``validate_state``, holds exactly its pack (when the conformance
profiles in ``tests/`` are importable) and can be played on; a record replays
— or raise ``ValueError`` / ``TypeError``. The script prints how many inputs of
each kind ended in each way:

``loaded-valid``   loaded, and every check above passed
``ValueError``     refused (``IllegalActionError`` is a ``ValueError``)
``TypeError``      refused as the wrong type of input
``loaded-INVALID`` loaded, but a check failed: a bug
``CRASH``          any other exception: a bug

and the first examples of the last two, and exits with status 1 if there
were any.

With ``--atheris`` (needs the ``fuzz`` extra, ``pip install atheris``; keep it
in its own venv, e.g. ``.venv-fuzz``) the same checks run under libFuzzer's
coverage-guided mutation of raw bytes, seeded with the corpus; the first byte
of an input picks the game and whether the rest is a JSON document or action
text. Options after ``--atheris`` go to libFuzzer (``-runs=N``,
``-max_total_time=S``, ``-max_len=N``); the figures are printed every 10,000
inputs.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests.conformance.profiles, for the independent card count

import cardrules  # noqa: E402
from cardrules import engine  # noqa: E402

try:
    from tests.conformance.profiles import PROFILES, conserved
except ImportError:  # run outside a checkout: the game's own checks only
    PROFILES = {}
    conserved = None

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "rummy500": [{}, {"num_players": 3, "jokers": 2, "stock_exhausted": "reshuffle"}],
    "vegas_rummy": [
        {"num_players": 3, "reshuffle_limit": 1, "max_seats": 4, "max_score": 15},
        {"num_players": 2, "cards_per_player": 4, "buy_in": "2.50", "meld_solidarity": False,
         "reshuffle_limit": 0, "max_score": 10},
    ],
    "casino": [{}, {"variant": "royal", "sweeps": True, "num_players": 4,
                    "partnerships": True}],
}


# ---------------------------------------------------------------------------
# The corpus


def build_corpus() -> tuple[list[tuple[str, str, str]], list[tuple[str, str, Any]]]:
    """Documents as (game, kind, text), and action texts as (game, text, state)."""
    documents: list[tuple[str, str, str]] = []
    texts: list[tuple[str, str, Any]] = []
    for game in cardrules.GAMES:
        rules = engine.definition(game)
        for number, kwargs in enumerate(CONFIGS.get(game, [{}])):
            config = rules.config_type(**kwargs)
            rnd = random.Random(number)
            state = rules.new_game(config, seed=number)
            actions: list[Any] = []
            while not state.is_over and len(actions) < 400:
                legal = rules.legal_actions(state)
                if len(actions) % 15 == 0:
                    documents.append((game, "state", cardrules.to_json(state)))
                    seat = state.to_act if state.to_act is not None else 0
                    documents.append((game, "view", cardrules.to_json(rules.view(state, seat))))
                    documents.append((game, "view", cardrules.to_json(rules.view(state, None))))
                for action in rnd.sample(legal, min(2, len(legal))):
                    documents.append((game, "action", cardrules.to_json(action)))
                    texts.append((game, str(action), state))
                action = rnd.choice(legal)
                actions.append(action)
                state = rules.apply(state, action)
            documents.append((game, "state", cardrules.to_json(state)))
            documents.append((game, "config", cardrules.to_json(config)))
            record = cardrules.GameRecord(game, config, number, None, tuple(actions[:40]))
            documents.append((game, "record", cardrules.to_json(record)))
            documents.append((game, "player_record", cardrules.to_json(record.for_player(0))))
    for game, record in _records_with_joins_and_decks():
        documents.append((game, "record", cardrules.to_json(record)))
        documents.append((game, "player_record", cardrules.to_json(record.for_player(0))))
    return documents, texts


def _records_with_joins_and_decks() -> list[tuple[str, cardrules.GameRecord]]:
    """Records holding what a game holds besides its actions: stacked decks for every deal
    (Rummy 500, Casino), Las Vegas late joins (LV-14) and a stacked cut (LV-16)."""
    from cardrules import vegas_rummy
    from cardrules.cards import make_deck

    out: list[tuple[str, cardrules.GameRecord]] = []
    rnd = random.Random(5)
    for game in ("rummy500", "casino"):
        rules = engine.definition(game)
        config = rules.config_type()
        decks = [tuple(rnd.sample(make_deck(), 52)) for _ in range(3)]
        state = rules.new_game(config, seed=5, decks=decks)
        actions: list[Any] = []
        while not state.is_over and state.round_number < 3 and len(actions) < 400:
            actions.append(rnd.choice(rules.legal_actions(state)))
            state = rules.apply(state, actions[-1])
        out.append((game, cardrules.GameRecord(game, config, 5, None, tuple(actions),
                                               decks=decks)))
    config = vegas_rummy.Config(num_players=3, cards_per_player=3, max_score=60,
                                reshuffle_limit=0, max_seats=8)
    pack = make_deck(decks=config.decks_for(3), jokers_per_deck=2)
    cut = tuple(rnd.sample(pack, len(pack)))
    state = vegas_rummy.new_game(config, seed=4, cut_deck=cut)
    actions, joins = [], []
    while not state.is_over and len(actions) < 300:
        if vegas_rummy.join_error(state) is None and len(joins) < 3:
            joins.append(len(actions))
            state = vegas_rummy.join(state)
            continue
        actions.append(rnd.choice(vegas_rummy.legal_actions(state)))
        state = vegas_rummy.apply(state, actions[-1])
    out.append(("vegas_rummy", cardrules.GameRecord("vegas_rummy", config, 4, None,
                                                    tuple(actions), joins=tuple(joins),
                                                    cut_deck=cut)))
    return out


# ---------------------------------------------------------------------------
# Mutators: each takes (text, rnd, corpus texts) and returns damaged text

REPLACEMENTS: list[Any] = [
    None, True, False, 0, -1, 1, 3, 13, 52, 2**31, 2**63, 2**64 + 1, -(2**70), 10**40, 1.5,
    -0.0, 1e308, "", "AS", "as", "10D", "JK", "ZZ", "A♠", "x" * 500, [], {}, [None],
    ["AS", "AS"], {"type": "Draw"}, {"type": "State"}, "NaN",
]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*path, index)))
    return out


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _tree(edit: Callable[[Any, Any, Any, random.Random, Any], None]) -> Callable[..., str]:
    """A mutator that edits the parsed document at a random place, then writes it back."""

    def mutate(text: str, rnd: random.Random, _others: list[str]) -> str:
        doc = json.loads(text)
        paths = _paths(doc)
        if not paths:
            return text
        path = rnd.choice(paths)
        edit(doc, _at(doc, path[:-1]), path[-1], rnd, paths)
        return json.dumps(doc, ensure_ascii=rnd.random() < 0.5)

    mutate.__name__ = edit.__name__.lstrip("_")
    return mutate


def _replace(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    parent[key] = rnd.choice(REPLACEMENTS)


def _delete(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    del parent[key]


def _wrong_type(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    value = parent[key]
    options = [str(value), [value], {"v": value}, len(str(value)), value is None]
    parent[key] = rnd.choice(options)


def _nudge_number(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    numbers = [p for p in paths if isinstance(_at(doc, p), int) and not isinstance(_at(doc, p),
                                                                                   bool)]
    if numbers:
        path = rnd.choice(numbers)
        _at(doc, path[:-1])[path[-1]] += rnd.choice([-1, 1, -2, 2, 100, 10**12, -(10**12)])


def _swap_cards(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    """Swap two card codes anywhere (between hands, stock, piles…): cards stay conserved."""
    cards = [p for p in paths if isinstance(_at(doc, p), str) and _is_card(_at(doc, p))]
    if len(cards) >= 2:
        a, b = rnd.sample(cards, 2)
        va, vb = _at(doc, a), _at(doc, b)
        _at(doc, a[:-1])[a[-1]] = vb
        _at(doc, b[:-1])[b[-1]] = va


def _duplicate_card(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    cards = [p for p in paths if isinstance(_at(doc, p), str) and _is_card(_at(doc, p))]
    if len(cards) >= 2:
        a, b = rnd.sample(cards, 2)
        _at(doc, a[:-1])[a[-1]] = _at(doc, b)


def _move_item(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    """Move a card from one list to another (hand sizes, stock size change; cards conserved)."""
    cards = [p for p in paths if isinstance(_at(doc, p), str) and _is_card(_at(doc, p))]
    lists = [p for p in paths if isinstance(_at(doc, p), list)]
    if cards and lists:
        source = rnd.choice(cards)
        card = _at(doc, source[:-1]).pop(source[-1])
        target = _at(doc, rnd.choice(lists)) if rnd.random() < 0.9 else _at(doc, source[:-1])
        if isinstance(target, list):
            target.insert(rnd.randint(0, len(target)), card)


def _duplicate_item(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    if isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[f"{key}_"] = parent[key]  # an unknown key


def _cut_list(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    lists = [p for p in paths if isinstance(_at(doc, p), list) and _at(doc, p)]
    if lists:
        path = rnd.choice(lists)
        value = _at(doc, path)
        _at(doc, path[:-1])[path[-1]] = value[: rnd.randrange(len(value))]


def _deep(doc: Any, parent: Any, key: Any, rnd: random.Random, paths: Any) -> None:
    value = parent[key]
    for _ in range(rnd.choice([1, 2, 5, 39, 41, 200])):
        value = [value] if rnd.random() < 0.5 else {"a": value}
    parent[key] = value


def _is_card(text: str) -> bool:
    return 2 <= len(text) <= 3 and (text == "JK" or text[-1] in "CDHS")


def _bytes(edit: Callable[[bytearray, random.Random, list[str]], None]) -> Callable[..., str]:
    def mutate(text: str, rnd: random.Random, others: list[str]) -> Any:
        raw = bytearray(text.encode())
        edit(raw, rnd, others)
        return bytes(raw)

    mutate.__name__ = edit.__name__.lstrip("_")
    return mutate


def _flip(raw: bytearray, rnd: random.Random, others: list[str]) -> None:
    for _ in range(rnd.choice([1, 1, 2, 4])):
        raw[rnd.randrange(len(raw))] ^= 1 << rnd.randrange(8)


def _truncate(raw: bytearray, rnd: random.Random, others: list[str]) -> None:
    del raw[rnd.randrange(len(raw)):]


def _insert(raw: bytearray, rnd: random.Random, others: list[str]) -> None:
    where = rnd.randrange(len(raw) + 1)
    raw[where:where] = rnd.choice([b"[", b"]", b"{", b"}", b'"', b",", b":", b"-", b"9" * 40,
                                   b"9" * 5000, b"1e999", b"\xff\xfe", b"\\ud800", b" ", b"null",
                                   b'"type":"Meld",', b"[" * 100000])


def _delete_bytes(raw: bytearray, rnd: random.Random, others: list[str]) -> None:
    where = rnd.randrange(len(raw))
    del raw[where : where + rnd.choice([1, 2, 8, 64])]


def _splice(raw: bytearray, rnd: random.Random, others: list[str]) -> None:
    other = rnd.choice(others).encode()
    cut = rnd.randrange(len(raw))
    raw[cut:] = other[rnd.randrange(len(other)):]


def _duplicate_key(text: str, rnd: random.Random, _others: list[str]) -> str:
    """Write one key twice (text level: ``json.dumps`` cannot)."""
    starts = [i for i, ch in enumerate(text) if ch == "{"]
    where = rnd.choice(starts) + 1
    end = text.find(",", where)
    if end < 0:
        return text
    pair = text[where:end]
    return text[:where] + pair + "," + text[where:]


def _very_deep(text: str, rnd: random.Random, _others: list[str]) -> str:
    """Nesting deeper than Python's own recursion limit, at the place of some value."""
    depth = rnd.choice([1_000, 5_000, 100_000])
    where = text.find(":", rnd.randrange(len(text))) + 1 or 1
    opener = rnd.choice(["[", '{"a":'])
    closer = "]" if opener == "[" else "}"
    return text[:where] + opener * depth + "1" + closer * depth + "," + text[where:]


def _oversize(text: str, rnd: random.Random, _others: list[str]) -> str:
    doc = json.loads(text)
    doc["data"] = {"pad": "x" * (4_000_001 if rnd.random() < 0.5 else 3_900_000), **(
        doc["data"] if isinstance(doc["data"], dict) else {})}
    return json.dumps(doc)


def _envelope(text: str, rnd: random.Random, _others: list[str]) -> str:
    """Load a document as another game or kind."""
    doc = json.loads(text)
    field = rnd.choice(["game", "kind", "version", "format"])
    doc[field] = rnd.choice({
        "game": [*cardrules.GAMES, "poker", ""],
        "kind": ["config", "state", "action", "view", "record", "player_record", "x"],
        "version": [0, 1, 2, "1", 1.0, True],
        "format": ["cardrules", "x", None],
    }[field])
    return json.dumps(doc)


MUTATORS: list[Callable[..., Any]] = [
    _tree(_replace), _tree(_delete), _tree(_wrong_type), _tree(_nudge_number),
    _tree(_swap_cards), _tree(_swap_cards), _tree(_duplicate_card), _tree(_move_item),
    _tree(_duplicate_item), _tree(_cut_list), _tree(_deep),
    _bytes(_flip), _bytes(_truncate), _bytes(_insert), _bytes(_delete_bytes), _bytes(_splice),
    _duplicate_key, _envelope, _very_deep,
]
"""Weighted by repetition; ``_oversize`` runs separately (its inputs are slow to build)."""

KIND_WEIGHTS = {"state": 4, "view": 2, "action": 2, "config": 1, "record": 2,
                "player_record": 1}
"""How often each kind of document is picked for damage."""

TEXT_PIECES = ["", " ", "#", "#0", "#-1", "#99999999999999999999", "+", "+-1", "+" + "9" * 40,
               "=", "JK", "JK=", "=JK", "10", "1O", "AS", "as 14", "as 99", "[", "]", "[]",
               "takes", "with", "to", "for", "on", "meld", "lay off", "swap", "\x00", "♠",
               "\u200b", "9" * 5000, "x" * 10_000]


def mutate_text(text: str, rnd: random.Random) -> str:
    """Damage an action's text: words inserted, replaced, deleted, cut, characters changed."""
    words = text.split(" ")
    for _ in range(rnd.choice([1, 1, 2, 3])):
        where = rnd.randrange(len(words) + 1)
        how = rnd.randrange(5)
        if how == 0:
            words.insert(where, rnd.choice(TEXT_PIECES))
        elif how == 1 and words:
            words[where % len(words)] = rnd.choice(TEXT_PIECES)
        elif how == 2 and words:
            del words[where % len(words)]
        elif how == 3:
            words = words[:where]
        else:
            joined = " ".join(words)
            cut = rnd.randrange(len(joined) + 1)
            words = [joined[:cut] + chr(rnd.randrange(32, 0x2700)) + joined[cut + 1:]]
    return " ".join(words)


# ---------------------------------------------------------------------------
# Outcomes


DUMP: Path | None = None
"""With ``--dump DIR``: every input that found a bug is written there."""


class Tally:
    """Counts of outcomes per kind of input, and the first examples of bugs."""

    def __init__(self) -> None:
        self.counts: dict[str, collections.Counter[str]] = collections.defaultdict(
            collections.Counter
        )
        self.bugs: list[str] = []

    def add(self, kind: str, outcome: str, detail: str = "", data: str | bytes = "") -> None:
        self.counts[kind][outcome] += 1
        if outcome in ("loaded-INVALID", "CRASH"):
            if len(self.bugs) < 20:
                self.bugs.append(f"[{kind}] {outcome}: {detail}")
            if DUMP is not None:
                DUMP.mkdir(parents=True, exist_ok=True)
                raw = data if isinstance(data, bytes) else data.encode()
                (DUMP / f"{outcome}-{sum(map(sum, [c.values() for c in self.counts.values()]))}"
                 ).write_bytes(raw)

    def report(self) -> int:
        outcomes = ["loaded-valid", "ValueError", "TypeError", "loaded-INVALID", "CRASH"]
        print(f"{'input kind':28} {'inputs':>8} " + " ".join(f"{o:>14}" for o in outcomes))
        total: collections.Counter[str] = collections.Counter()
        for kind in sorted(self.counts):
            row = self.counts[kind]
            total.update(row)
            print(f"{kind:28} {sum(row.values()):8} " + " ".join(f"{row[o]:14}" for o in outcomes))
        print(f"{'all':28} {sum(total.values()):8} " + " ".join(f"{total[o]:14}" for o in outcomes))
        for bug in self.bugs:
            print(bug)
        return 1 if total["loaded-INVALID"] or total["CRASH"] else 0


def check_loaded(game: str, loaded: Any) -> None:
    """Raise AssertionError unless a loaded object is as good as one the library made."""
    rules = engine.definition(game)
    again = cardrules.from_json(cardrules.to_json(loaded))
    assert again == loaded, "re-encoding does not give the object back"
    if isinstance(loaded, rules.state_type):
        rules.validate_state(loaded)
        if conserved is not None and game in PROFILES:
            assert conserved(game, loaded), "the state does not hold its pack exactly"
        legal = rules.legal_actions(loaded)
        assert bool(legal) != loaded.is_over, "legal actions do not match is_over"
        for action in legal[:3]:
            rules.apply(loaded, action)
        for seat in (*range(len(loaded.hands)), None):
            rules.view(loaded, seat)
    elif isinstance(loaded, cardrules.GameRecord):
        final = loaded.final_state()
        rules.validate_state(final)
        if conserved is not None and game in PROFILES:
            assert conserved(game, final)


def run_document(tally: Tally, label: str, game: str, data: str | bytes) -> None:
    try:
        loaded = cardrules.from_json(data)
    except ValueError:
        tally.add(label, "ValueError")
        return
    except TypeError:
        tally.add(label, "TypeError")
        return
    except Exception as exc:  # the failure this script looks for
        shown = data[:300]
        tally.add(label, "CRASH", f"{exc!r} on {shown!r}\n{traceback.format_exc()}", data)
        return
    try:
        check_loaded(game, loaded)
    except Exception as exc:
        tally.add(label, "loaded-INVALID", f"{exc!r} on {str(data)[:300]!r}\n"
                  f"{traceback.format_exc()}", data)
        return
    tally.add(label, "loaded-valid")


def run_text(tally: Tally, label: str, game: str, text: str, state: Any) -> None:
    rules = engine.definition(game)
    try:
        action = rules.parse_action(text, state)
    except ValueError:
        tally.add(label, "ValueError")
        return
    except TypeError:
        tally.add(label, "TypeError")
        return
    except Exception as exc:
        tally.add(label, "CRASH", f"parse_action({text[:200]!r}): {exc!r}\n"
                  f"{traceback.format_exc()}", text)
        return
    try:
        assert type(action) in rules.action_types, f"parsed into {type(action).__name__}"
        reason = rules.check(state, action)
        assert reason is None or (isinstance(reason, str) and reason)
        if reason is None:
            rules.apply(state, action)
    except Exception as exc:
        tally.add(label, "loaded-INVALID", f"{text[:200]!r} -> {action!r}: {exc!r}\n"
                  f"{traceback.format_exc()}", text)
        return
    tally.add(label, "loaded-valid")


def run_random(inputs: int, seed: int) -> int:
    documents, texts = build_corpus()
    others = [text for _, _, text in documents]
    rnd = random.Random(seed)
    tally = Tally()
    started = time.perf_counter()
    # Action text: a quarter of the inputs.
    for _ in range(inputs // 4):
        game, text, state = rnd.choice(texts)
        run_text(tally, f"{game} action text", game, mutate_text(text, rnd), state)
    # Oversized documents: a few, they are slow to build.
    for _ in range(20):
        game, kind, text = rnd.choice(documents)
        run_document(tally, "oversized", game, _oversize(text, rnd, others))
    # Documents: the rest, each kind about as often as KIND_WEIGHTS says.
    groups: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    for game, kind, text in documents:
        groups[game, kind].append(text)
    keys = sorted(groups)
    weights = [KIND_WEIGHTS[kind] for _, kind in keys]
    for _ in range(inputs - inputs // 4 - 20):
        game, kind = rnd.choices(keys, weights)[0]
        text = rnd.choice(groups[game, kind])
        mutator = rnd.choice(MUTATORS)
        run_document(tally, f"{game} {kind}", game, mutator(text, rnd, others))
    elapsed = time.perf_counter() - started
    print(f"{inputs} inputs from a corpus of {len(documents)} documents and {len(texts)} "
          f"action texts in {elapsed:.0f} s ({inputs / elapsed:.0f} inputs/s), seed {seed}")
    return tally.report()


def run_atheris(argv: list[str]) -> int:
    import atheris

    # cardrules is imported already: instrument its code for coverage now.
    atheris.instrument_all()
    documents, texts = build_corpus()
    games = list(cardrules.GAMES)
    states = {game: [s for g, _, s in texts if g == game] for game in games}
    tally = Tally()
    seen = [0]

    def one_input(data: bytes) -> None:
        if not data:
            return
        game = games[(data[0] & 0x7F) % len(games)]
        if data[0] & 0x80:  # action text, read in one of the states it was listed in
            text = data[1:].decode("utf-8", "replace")
            state = states[game][len(text) % len(states[game])]
            run_text(tally, f"{game} action text", game, text, state)
        else:
            run_document(tally, f"{game} document", game, data[1:])
        seen[0] += 1
        if seen[0] % 10_000 == 0:
            print(f"--- after {seen[0]} inputs", flush=True)
            tally.report()

    seeds = Path("/tmp/cardrules-fuzz-corpus")
    seeds.mkdir(exist_ok=True)
    for number, (game, _kind, text) in enumerate(documents):
        (seeds / f"doc{number}").write_bytes(bytes([games.index(game)]) + text.encode())
    for number, (game, text, _state) in enumerate(texts[::4]):
        (seeds / f"text{number}").write_bytes(bytes([0x80 | games.index(game)]) + text.encode())
    atheris.Setup([sys.argv[0], *argv, str(seeds)], one_input)
    atheris.Fuzz()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=120_000, help="inputs to try")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mutations")
    parser.add_argument("--dump", type=Path, help="write every input that finds a bug here")
    parser.add_argument("--atheris", action="store_true",
                        help="coverage-guided fuzzing with atheris; later options go to libFuzzer")
    args, rest = parser.parse_known_args()
    global DUMP
    DUMP = args.dump
    if args.atheris:
        return run_atheris(rest)
    if rest:
        parser.error(f"unknown options {rest}")
    return run_random(args.inputs, args.seed)


if __name__ == "__main__":
    sys.exit(main())
