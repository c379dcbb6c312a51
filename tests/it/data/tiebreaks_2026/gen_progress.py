#!/usr/bin/env python3
"""Expected values of the Fore-Buchholz family on events in progress: each conformance
tournament with `XXR` two rounds beyond the rounds it has played, by FIDE's TEC checker
(TieBreakServer, OttoMilvang, 1.9.57; `tiebreakchecker.py -s -n <rounds played> -t PTS
<code>`, one code a run, as gen_flags.py; without `-n` the checker counts the planned
rounds not yet played as unplayed). The checker draws the games of the file's last planned round
only, so here FB is BH, AFB the adjusted score, and SB/F and AOB/F are SB and AOB.
Writes {"codes": {fide: qishe}, "cases": {"p_<case>": {start_no: {qishe_code: value}}}};
the test makes the same files with `in_progress()`.
usage: gen_progress.py CHECKER_DIR CASES_DIR OUT.json
"""
import json, os, subprocess, sys, tempfile

checker, cases, out = sys.argv[1:4]
CODES = {
    "FB": "fore-buchholz", "FB/C1": "fore-buchholz-cut1", "AFB": "fore-adjusted-score",
    "SB/F": "sonneborn-berger-fore", "AOB/F": "aob-fore", "BH": "buchholz",
}


def in_progress(text, rounds):
    """The TRF with an `XXR` line of `rounds` after its `012` line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    k = next(i for i, l in enumerate(lines) if l.startswith("012"))
    return "\r".join(lines[:k + 1] + ["XXR %d" % rounds] + lines[k + 1:])


def run(path, played):
    players = {}
    for fide, code in CODES.items():
        r = subprocess.run([sys.executable, "tiebreakchecker.py", "-s", "-i", path,
                            "-F", "txt", "-d", " ", "-n", str(played), "-t", "PTS", fide],
                           cwd=checker, capture_output=True, text=True)
        lines = r.stdout.strip().split("\n")
        assert lines[0].split() == ["StartNo", "Rank", "PTS", fide], (path, fide, r.stdout[:300], r.stderr[-300:])
        for line in lines[1:]:
            no, _, _, val = line.split()
            players.setdefault(no, {})[code] = "0" if val == "-0" else val
    return players


res = {"codes": CODES, "cases": {}}
tmp = tempfile.mkdtemp()
for f in sorted(os.listdir(cases)):
    if not f.endswith(".trf"):
        continue
    played = int(f[:-4].split("_")[-1].rstrip("r"))
    p = os.path.join(tmp, "p_" + f)
    open(p, "w", newline="").write(in_progress(open(os.path.join(cases, f), newline="").read(), played + 2))
    res["cases"]["p_" + f[:-4]] = run(p, played)
    print(f, file=sys.stderr)
json.dump(res, open(out, "w"), indent=1, sort_keys=True)
