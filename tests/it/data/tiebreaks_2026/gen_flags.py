#!/usr/bin/env python3
"""Expected values of the FIDE codes and modifiers qishe computes since the checker's
working values and modifier letters were added: ABH, AFB, VUR, NUM, RIP, and /P, /F, /D on
BH, FB, SB and AOB; /U on ARO, TPR, PTP, APRO, APPO and RTNG; RTG (the listed rating, the
unrated's undefined, written 0), by FIDE's TEC checker.

Runs `tiebreakchecker.py -s -t PTS <code>` (TieBreakServer, OttoMilvang, 1.9.57) once per code
and case (one code a run: the checker's Fore mode changes what later codes of the same run
see), and writes {"codes": {fide: qishe}, "cases": {case: {start_no: {qishe_code: value}}}}.
The /U codes are run on the cases with every player whose start number is 2 mod 5 made
unrated (`unrated()`, the same as the test does), named `u_<case>`.
usage: gen_flags.py CHECKER_DIR CASES_DIR OUT.json
"""
import json, os, subprocess, sys, tempfile

checker, cases, out = sys.argv[1:4]
CODES = {
    "ABH": "adjusted-score", "AFB": "fore-adjusted-score", "VUR": "unplayed-rounds",
    "NUM": "games-played", "RIP": "rounds-paired",
    "BH/P": "buchholz-played", "FB/P": "fore-buchholz-played", "SB/P": "sonneborn-berger-played",
    "SB/F": "sonneborn-berger-fore", "SB/D": "sonneborn-berger-draws",
    "AOB/F": "aob-fore", "AOB/P": "aob-played", "BH/C1/P": "buchholz-cut1-played",
    "SB/C1/F": "sonneborn-berger-cut1-fore", "SB/M1/D": "sonneborn-berger-median1-draws",
    "BH/F": "fore-buchholz", "FB/C2/P": "fore-buchholz-cut2-played",
}
UNRATED = {
    "ARO/U1000": "aro-unrated1000", "TPR/U1200": "tpr-unrated1200", "PTP/U1000": "ptp-unrated1000",
    "APRO/U1000": "apro-unrated1000", "APPO/U1000": "appo-unrated1000",
    "RTNG/U1100": "rating-unrated1100", "ARO/C1/U1000": "aro-cut1-unrated1000",
    "RTG": "listed-rating",
}


def unrated(text):
    """The TRF with the rating (columns 49-52) of every player numbered 2 mod 5 blanked."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for k, l in enumerate(lines):
        if l.startswith("001") and int(l[4:8]) % 5 == 2:
            lines[k] = l[:48] + "    " + l[52:]
    return "\r".join(lines)


def run(path, codes):
    players = {}
    for fide, code in codes.items():
        r = subprocess.run([sys.executable, "tiebreakchecker.py", "-s", "-i", path,
                            "-F", "txt", "-d", " ", "-t", "PTS", fide],
                           cwd=checker, capture_output=True, text=True)
        lines = r.stdout.strip().split("\n")
        assert lines[0].split() == ["StartNo", "Rank", "PTS", fide], (path, fide, r.stdout[:300], r.stderr[-300:])
        for line in lines[1:]:
            no, _, _, val = line.split()
            players.setdefault(no, {})[code] = "0" if val == "-0" else val
    return players


res = {"codes": CODES, "unrated_codes": UNRATED, "cases": {}}
tmp = tempfile.mkdtemp()
for f in sorted(os.listdir(cases)):
    if not f.endswith(".trf"):
        continue
    case = f[:-4]
    res["cases"][case] = run(os.path.join(cases, f), CODES)
    u = os.path.join(tmp, "u_" + f)
    open(u, "w", newline="").write(unrated(open(os.path.join(cases, f), newline="").read()))
    res["cases"]["u_" + case] = run(u, UNRATED)
    print(case, file=sys.stderr)
json.dump(res, open(out, "w"), indent=1, sort_keys=True)
