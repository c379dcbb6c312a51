#!/usr/bin/env python3
"""Hand-made round robins with unplayed games, for `gen_rr.py`: Berger-like
schedules (circle method), results from a fixed seed, and forfeits, a double
forfeit, a withdrawal (every later game lost by forfeit) and, for an odd
number of players, the free round written `0000 - -`.
usage: make_rr.py OUT_DIR
"""
import os, random, sys


def schedule(n):
    """Rounds of (white, black) pairs; None for the free player of an odd n."""
    ids = list(range(1, n + 1)) + ([None] if n % 2 else [])
    m = len(ids)
    rounds = []
    for r in range(m - 1):
        pairs = []
        for k in range(m // 2):
            a, b = ids[k], ids[m - 1 - k]
            pairs.append((a, b) if (r + k) % 2 == 0 else (b, a))
        rounds.append(pairs)
        ids = [ids[0]] + [ids[-1]] + ids[1:-1]
    return rounds


def make(name, n, double, seed, forfeits=(), doubles=(), withdraw=None, title="Round Robin"):
    rnd = random.Random(seed)
    sched = schedule(n)
    if double:
        sched = sched + [[(b, a) for (a, b) in r] for r in sched]
    cells = {p: [] for p in range(1, n + 1)}
    pts = {p: 0.0 for p in range(1, n + 1)}
    for r, pairs in enumerate(sched, 1):
        for a, b in pairs:
            if a is None or b is None:
                p = a or b
                cells[p].append("0000 - -")
                continue
            if (r, a) in doubles or (r, b) in doubles:
                ra, rb = "-", "-"
            elif withdraw and r >= withdraw[1] and withdraw[0] in (a, b):
                ra, rb = ("-", "+") if a == withdraw[0] else ("+", "-")
            elif (r, a) in forfeits:
                ra, rb = "-", "+"
            elif (r, b) in forfeits:
                ra, rb = "+", "-"
            else:
                ra = rnd.choice("1=0" if (a + b) % 3 else "10=")
                rb = {"1": "0", "0": "1", "=": "="}[ra]
            val = {"1": 1, "+": 1, "=": 0.5, "0": 0, "-": 0}
            pts[a] += val[ra]
            pts[b] += val[rb]
            cells[a].append("%4d w %s" % (b, ra))
            cells[b].append("%4d b %s" % (a, rb))
    order = sorted(pts, key=lambda p: (-pts[p], p))
    rank = {p: i + 1 for i, p in enumerate(order)}
    lines = ["012 %s" % name, "042 2026/04/01", "092 %s" % title,
             "XXR %d" % len(sched)]
    for p in range(1, n + 1):
        rating = 2400 - 37 * p + (p * 11) % 23
        head = "001 %4d      %-33s %4d %3s %11s %10s %4.1f %4d" % (
            p, "Rr%02d Player%04d" % (n, p), rating, "CHN", "", "", pts[p], rank[p])
        lines.append(head + "  " + "  ".join(cells[p]))
    with open(os.path.join(sys.argv[1], name + ".trf"), "w", newline="") as f:
        f.write("\r".join(lines) + "\r")


make("rr_08p_7r", 8, False, 1, forfeits={(2, 3), (5, 6)}, doubles={(4, 1)}, withdraw=(8, 5))
make("rr_06p_10r", 6, True, 2, forfeits={(3, 2), (7, 5), (9, 1)}, withdraw=(6, 8))
make("rr_07p_7r", 7, False, 3, forfeits={(1, 4), (6, 2)}, doubles={(3, 5)}, withdraw=(7, 6))
make("rr_10p_9r", 10, False, 4, forfeits={(2, 9), (4, 1), (8, 5)}, withdraw=(10, 4),
     title="Individual: round-robin")
