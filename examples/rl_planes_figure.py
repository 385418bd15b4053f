"""Draw the compact observation of one position as a picture of its planes (docs/images).

Run:  python examples/rl_planes_figure.py [--game rummy500] [--seed 4] [--moves 40]
                                          [--png docs/images/rl_planes_rummy500.png]

Plays ``--moves`` random legal moves of a game (the RL default config), keeping
the public history as the environments do, then draws the observation of the
seat to act: one row per card plane (53 or 52 columns, in card order: clubs
A..K, diamonds, hearts, spades, then the joker), the history planes one row
per seat (the viewer first), and the scalars packed into the last rows.
White is 0, dark blue 1. It prints the row names, top to bottom.
"""

from __future__ import annotations

import argparse
import random
import sys

try:
    import numpy as np

    from cardrules.rl.actions import default_config
    from cardrules.rl.figures import heatmap, write_png
    from cardrules.rl.planes import PublicHistory, encode_seat, layout, new_events
except ImportError:  # the example needs the rl extra
    print("this example needs the rl extra: pip install 'cardrules[rl]'")
    sys.exit(0)

import cardrules


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="rummy500", choices=list(cardrules.GAMES))
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--png", default=None)
    args = parser.parse_args()
    config = default_config(args.game)
    state = cardrules.new_game(args.game, config, seed=args.seed)
    history = PublicHistory(args.game, config)
    rnd = random.Random(args.seed)
    for _ in range(args.moves):
        if state.is_over:
            break
        actor = state.to_act
        after = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
        history.record(new_events(state, after, actor))
        state = after
    seat = state.to_act if state.to_act is not None else 0
    vector = encode_seat(state, seat, history)
    parts = layout(args.game, config)
    columns = parts[0][2][0]
    rows: list[np.ndarray] = []
    names: list[str] = []
    scalars: list[float] = []
    for name, start, shape in parts:
        values = vector[start : start + int(np.prod(shape))]
        if len(shape) == 2:
            for seat_row in range(shape[0]):
                rows.append(values[seat_row * columns : (seat_row + 1) * columns])
                names.append(f"{name} (seat +{seat_row})")
        elif shape == (columns,) and name not in ("open_wilds",):
            rows.append(values)
            names.append(name)
        else:
            scalars.extend(values.tolist())
    for first in range(0, len(scalars), columns):
        chunk = scalars[first : first + columns]
        rows.append(np.array(chunk + [0.0] * (columns - len(chunk))))
        names.append("scalars" if first == 0 else "scalars (cont.)")
    matrix = np.vstack(rows)
    print(f"{args.game}: {len(vector)} values, seat {seat} to act after {args.moves} moves")
    for number, name in enumerate(names):
        print(f"  row {number:2}: {name}")
    if args.png:
        write_png(args.png, heatmap(matrix, cell=9))
        print(f"written to {args.png}")


if __name__ == "__main__":
    main()
