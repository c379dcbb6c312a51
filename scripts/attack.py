#!/usr/bin/env python3
"""Bounded kill, concurrency and fuzz runs against a built qishe binary.

    python3 scripts/attack.py --qishe target/debug/qishe kill --kills 120
    python3 scripts/attack.py --qishe target/debug/qishe race --workers 6 --commands 150
    python3 scripts/attack.py --qishe target/debug/qishe fuzz --files 300

Each run works in a fresh temporary folder, is bounded by its count (and
every command by a time limit), and ends with one line of figures:

kill   kills (the process was still running when killed), mid-write (it
       was killed after it had opened the club for writing), damaged (the
       club failed `qishe check` or could not be opened), lost (a change
       reported done is missing), half-built (a killed demo left a file
       that is not a sound club), temp-left (temporary files of killed
       writers still there after the next start), panics, hangs.
race   commands, failed (refused with a message: busy, a board gone, …),
       raw (a raw SQL error reached the user), lost (a player addition
       reported done that is missing, unless a reported `undo` took it
       back: those are counted as undone), stale-rounds (a round
       paired while a player was withdrawn or entered holds the old
       field), damaged, panics, hangs.
fuzz   files, commands, refused (a clear error), read, panics, hangs,
       damaged.

The hostile cases are among the inputs: a PGN with 7,000
nested variations, a DhtmlXQ file of chained branches (from the
`hostile_files` example when it is built), binary trees (XQF, CBR) as
deep as their limit and deeper, NUL bytes and escape sequences in
names, a link planted in a published site, a restore killed midway.
"""

import argparse
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time

PANIC = re.compile(r"panicked|overflowed its stack|RUST_BACKTRACE|fatal runtime error")
RAW_SQL = re.compile(
    r"constraint failed|no such table|no such column|SQLITE_|sqlite error|syntax error",
    re.I,
)


class Qishe:
    def __init__(self, binary, db, cwd):
        self.binary = os.path.abspath(binary)
        self.db = db
        self.cwd = cwd

    def cmd(self, args, db=None):
        return [self.binary, "--db", db or self.db] + list(args)

    def run(self, args, timeout=120, db=None, stdin=None):
        """(returncode, stdout, stderr, hung)"""
        try:
            p = subprocess.run(
                self.cmd(args, db),
                cwd=self.cwd,
                capture_output=True,
                timeout=timeout,
                stdin=subprocess.DEVNULL if stdin is None else stdin,
                env=dict(os.environ, QISHE_LANG="en", LANG="C.UTF-8"),
            )
            return (
                p.returncode,
                p.stdout.decode("utf-8", "replace"),
                p.stderr.decode("utf-8", "replace"),
                False,
            )
        except subprocess.TimeoutExpired as e:
            err = (e.stderr or b"").decode("utf-8", "replace")
            return (None, "", err, True)

    def spawn(self, args):
        return subprocess.Popen(
            self.cmd(args),
            cwd=self.cwd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=dict(os.environ, QISHE_LANG="en", LANG="C.UTF-8"),
        )


def panicked(rc, err):
    return rc in (101, 134, -6, -11) or bool(PANIC.search(err))


# ---------------------------------------------------------------------------
# Hostile and ordinary inputs


def nested_pgn(n):
    s = '[Red "甲"]\n[Black "乙"]\n[Result "1-0"]\n\n1. h2e2 '
    s += "".join("(1. b2e2 " if i % 2 == 0 else "(1. h2e2 " for i in range(n))
    return s + ")" * n + " h9g7 1-0\n"


def plain_pgn(i):
    return (
        f'[Event "Club {i}"]\n[Red "红{i}"]\n[Black "黑{i}"]\n[Result "1-0"]\n\n'
        "1. h2e2 h9g7 (1... b9c7 2. h0g2) 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n"
    )


def start_pieces():
    """(file, rank, kind) of the start position, rank 0 red's back rank."""
    back = [1, 2, 3, 4, 5, 4, 3, 2, 1]  # chariot horse elephant advisor king
    out = []
    for f, k in enumerate(back):
        out.append((f, 0, k, 1))
        out.append((f, 9, k, 2))
    for f in (1, 7):
        out.append((f, 2, 6, 1))
        out.append((f, 7, 6, 2))
    for f in (0, 2, 4, 6, 8):
        out.append((f, 3, 7, 1))
        out.append((f, 6, 7, 2))
    return out


HORSES = ["h0g2", "h9g7", "g2h0", "g7h9"]


def cbr(plies, branch_every=0):
    """A CBR record of the start position with a main line of `plies`
    horse moves (and an alternative every `branch_every` plies)."""
    b = bytearray(2214)
    b[0:16] = b"CCBridge Record\0"
    b[2116] = 1
    for f, r, k, c in start_pieces():
        b[2120 + (9 - r) * 9 + f] = k + (0x10 if c == 1 else 0x20)
    b += struct.pack("<i", 0)

    def point(s):
        return (9 - int(s[1])) * 9 + (ord(s[0]) - ord("a"))

    for i in range(plies):
        m = HORSES[i % 4]
        flags = 0x01 if i + 1 == plies else 0
        b += bytes([flags, 0, point(m[:2]), point(m[2:])])
    b += bytes(4)
    return bytes(b)


def xqf(plies):
    """An XQF (version 10, not scrambled) with `plies` horse moves."""
    b = bytearray(1024)
    b[0:3] = b"XQ" + bytes([10])
    red = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83]
    for i, v in enumerate(red):
        b[16 + i] = v
        b[32 + i] = v - v % 10 + (9 - v % 10)

    def point(s):
        return (ord(s[0]) - ord("a")) * 10 + int(s[1])

    def rec(frm, to, nxt):
        return bytes([frm + 24, to + 32, 0xF0 if nxt else 0, 0]) + struct.pack("<i", 0)

    b += rec(0, 0, plies > 0)
    for i in range(plies):
        m = HORSES[i % 4]
        b += rec(point(m[:2]), point(m[2:]), i + 1 < plies)
    return bytes(b)


def members_csv(n, tag):
    rows = ["name,rating,club"]
    for i in range(n):
        rows.append(f"{tag}成员{i},{1500 + i % 700},棋社{i % 7}")
    return "\n".join(rows) + "\n"


def hostile_records(folder, example):
    """Writes the hostile records into `folder`; returns their paths."""
    os.makedirs(folder, exist_ok=True)
    files = {
        "deep.pgn": nested_pgn(7000).encode(),
        "deep-limit.cbr": cbr(1995),
        "deeper.cbr": cbr(2600),
        "deep-limit.xqf": xqf(1995),
        "deeper.xqf": xqf(2600),
        "nul.pgn": b'[Red "A\x00B"]\n[Black "\x1b]0;owned\x07C"]\n\n1. h2e2 h9g7 *\n',
    }
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    if example and os.path.exists(example):
        subprocess.run([example, folder], capture_output=True, timeout=300)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder))


def make_club(q, players=40, big=300):
    """A club with event T (players, 7 rounds, round 1 paired) and event
    Big (`big` players, not paired)."""
    work = q.cwd
    with open(os.path.join(work, "members.csv"), "w") as f:
        f.write(members_csv(max(players, big), "基"))
    q.run(["player", "import", "members.csv"], timeout=600)
    q.run(["event", "new", "T", "--rounds", "7"])
    q.run(["event", "new", "Big", "--rounds", "9"])
    rc, out, _, _ = q.run(["player", "list"])
    names = [f"基成员{i}" for i in range(max(players, big))]
    q.run(["event", "enter", "T"] + names[:players], timeout=600)
    q.run(["event", "enter", "Big"] + names[:big], timeout=600)
    q.run(["round", "pair", "T"], timeout=600)
    return names


def has_player(q, name):
    rc, out, _, _ = q.run(["player", "list"], timeout=300)
    return name in out


def temp_files(folder):
    return [n for n in os.listdir(folder) if n.startswith(".qishe-tmp-")]


# ---------------------------------------------------------------------------
# kill


def kill_run(args):
    rnd = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="qishe-kill-")
    q = Qishe(args.qishe, os.path.join(work, "club.db"), work)
    make_club(q)
    recs = hostile_records(os.path.join(work, "records"), args.example)
    for i in range(5):
        with open(os.path.join(work, "records", f"good{i}.pgn"), "w") as f:
            f.write(plain_pgn(i))
    q.run(["backup", "base.db"])
    os.makedirs(os.path.join(work, "backups"), exist_ok=True)
    os.makedirs(os.path.join(work, "demos"), exist_ok=True)
    added = set()
    fig = dict(kills=0, mid_write=0, damaged=0, lost=0, half_built=0,
               temp_left=0, panics=0, hangs=0)
    counter = [0]

    def unique():
        counter[0] += 1
        return f"K{args.seed}-{counter[0]}"

    def choose():
        k = rnd.randrange(14)
        n = unique()
        if k == 0:
            return ("add", n), ["player", "add", n]
        if k == 1:
            path = os.path.join(work, f"m-{n}.csv")
            with open(path, "w") as f:
                f.write(members_csv(400, n))
            return ("import", n), ["player", "import", path]
        if k == 2:
            return ("result", None), ["result", "T", "1", str(rnd.randint(1, 20)),
                                      rnd.choice(["1-0", "0-1", "1/2-1/2"])]
        if k == 3:
            return ("pair", None), ["round", "pair", "Big"]
        if k == 4:
            return ("unpair", None), ["round", "unpair", "Big", "--force"]
        if k == 5:
            return ("archive", None), ["archive", "import", os.path.join(work, "records")]
        if k == 6:
            return ("backup", n), ["backup", os.path.join(work, "backups", f"{n}.db")]
        if k == 7:
            return ("restore", None), ["restore", "base.db", "--yes"]
        if k == 8:
            return ("demo", n), ["demo", os.path.join(work, "demos", f"{n}.db")]
        if k == 9:
            return ("publish", None), ["publish", "T", "-o", os.path.join(work, "site")]
        if k == 10:
            return ("undo", None), ["undo"]
        if k == 11:
            return ("redo", None), ["redo"]
        if k == 12:
            return ("withdraw", None), ["event", "withdraw", "Big",
                                        f"基成员{rnd.randrange(300)}"]
        return ("add", n), ["player", "add", n]

    for i in range(args.kills):
        (what, tag), argv = choose()
        p = q.spawn(argv)
        time.sleep(rnd.choice([0, 0.002, 0.005, 0.01, 0.02, 0.04, 0.08, 0.15, 0.3, 0.6]))
        running = p.poll() is None
        if running:
            p.send_signal(signal.SIGKILL)
        _, err = p.communicate()
        err = err.decode("utf-8", "replace")
        if running:
            fig["kills"] += 1
            if os.path.exists(q.db + "-wal") or what in ("restore", "demo", "backup"):
                fig["mid_write"] += 1
        elif panicked(p.returncode, err):
            fig["panics"] += 1
            print("PANIC", argv, err[-400:], file=sys.stderr)
        if not running and p.returncode == 0:
            if what == "add":
                added.add(tag)
            if what == "import":
                added.add(f"{tag}成员0")
        if what in ("restore", "undo"):
            # a restore or an undo takes changes back by design
            added = {a for a in added if has_player(q, a)}
        rc, out, err, hung = q.run(["check"], timeout=300)
        if hung:
            fig["hangs"] += 1
        elif rc != 0 or out.strip() != "ok":
            fig["damaged"] += 1
            print("DAMAGED after", argv, out[-300:], err[-300:], file=sys.stderr)
            q.run(["restore", "base.db", "--yes"])
            added = {a for a in added if has_player(q, a)}
        if panicked(rc, err):
            fig["panics"] += 1
        left = temp_files(work)
        if left:
            print("TEMP LEFT after", argv, left, file=sys.stderr)
        fig["temp_left"] += len(left)
        if what == "demo" and running:
            path = os.path.join(work, "demos", f"{tag}.db")
            if os.path.exists(path):
                rc, out, _, _ = q.run(["check"], db=path)
                if rc != 0 or out.strip() != "ok":
                    fig["half_built"] += 1
        if i % 20 == 19 or i + 1 == args.kills:
            rc, out, _, _ = q.run(["player", "list"], timeout=300)
            gone = [a for a in added if a not in out]
            fig["lost"] += len(gone)
            added -= set(gone)
    # a last write into the backup folder cleans what killed backups left there
    q.run(["backup", os.path.join(work, "backups", "last.db")])
    q.run(["demo", os.path.join(work, "demos", "last.db")])
    for d in ("backups", "demos"):
        left = temp_files(os.path.join(work, d))
        if left:
            print("TEMP LEFT in", d, left, file=sys.stderr)
    fig["temp_left"] += len(temp_files(os.path.join(work, "backups")))
    fig["temp_left"] += len(temp_files(os.path.join(work, "demos")))
    report("kill", fig, work, args)


# ---------------------------------------------------------------------------
# race


def race_run(args):
    rnd = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="qishe-race-")
    q = Qishe(args.qishe, os.path.join(work, "club.db"), work)
    names = make_club(q, players=60, big=args.big)
    recs = hostile_records(os.path.join(work, "records"), None)
    # a planted link in the site folder: publishing must refuse it
    site = os.path.join(work, "site")
    q.run(["publish", "T", "-o", site])
    lock = threading.Lock()
    fig = dict(commands=0, failed=0, raw=0, lost=0, pair_races=0, stale_rounds=0,
               damaged=0, panics=0, hangs=0, site_links_followed=0)
    added = []
    undone = set()  # players whose addition an `undo` took back

    def note(rc, err, hung):
        with lock:
            fig["commands"] += 1
            if hung:
                fig["hangs"] += 1
            elif panicked(rc, err):
                fig["panics"] += 1
                print("PANIC", err[-400:], file=sys.stderr)
            elif rc != 0:
                fig["failed"] += 1
                if RAW_SQL.search(err):
                    fig["raw"] += 1
                    print("RAW", err.strip()[-300:], file=sys.stderr)

    def worker(w):
        r = random.Random(args.seed * 100 + w)
        for c in range(args.commands):
            k = r.randrange(12)
            if k in (0, 1):
                n = f"R{w}-{c}"
                rc, _, err, hung = q.run(["player", "add", n])
                if rc == 0:
                    with lock:
                        added.append(n)
            elif k == 2:
                rc, _, err, hung = q.run(["result", "T", str(r.randint(1, 3)),
                                          str(r.randint(1, 30)),
                                          r.choice(["1-0", "0-1", "1/2-1/2"])])
            elif k == 3:
                rc, _, err, hung = q.run(["round", "pair", "T"], timeout=600)
            elif k == 4:
                rc, _, err, hung = q.run(["round", "unpair", "T", "--force"])
            elif k in (5, 6):
                p = names[r.randrange(60)]
                rc, _, err, hung = q.run(["event", "withdraw", "T", p])
            elif k == 7:
                rc, out, err, hung = q.run(["undo"])
                m = re.search(r"undone: add member (\S+) \(#", out)
                if rc == 0 and m:
                    with lock:
                        undone.add(m.group(1))
            elif k == 8:
                rc, _, err, hung = q.run(["backup", os.path.join(work, f"b{w}-{c}.db")])
            elif k == 9:
                link = os.path.join(site, "round-1.html")
                try:
                    if os.path.lexists(link):
                        os.remove(link)
                    os.symlink("../club.db", link)
                except OSError:
                    pass
                rc, _, err, hung = q.run(["publish", "T", "-o", site])
            elif k == 10:
                rc, _, err, hung = q.run(["archive", "import", os.path.join(work, "records")],
                                         timeout=600)
            else:
                rc, _, err, hung = q.run([r.choice(["log", "standings", "player"]),
                                          *(["list"] if k == 11 and r.random() < 0.3 else [])])
            note(rc, err, hung)

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rc, out, err, hung = q.run(["player", "list"], timeout=300)
    listed = set(re.findall(r"R\d+-\d+", out))
    fig["lost"] = sum(1 for a in added if a not in listed and a not in undone)
    fig["undone"] = sum(1 for a in added if a in undone)
    rc, out, err, hung = q.run(["check"], timeout=300)
    if rc != 0 or out.strip() != "ok":
        fig["damaged"] += 1
    with open(q.db, "rb") as f:
        if not f.read(16).startswith(b"SQLite format 3"):
            fig["site_links_followed"] += 1
    # The pairing race of item 3, placed: a withdrawal and a late entry
    # made while the big event's round 2 is computed. Round 1 is paired
    # and played first.
    q.run(["round", "pair", "Big"], timeout=600)
    boards = len(re.findall(r"^\s+\d+\s", q.run(["round", "show", "Big", "1"])[1], re.M))
    for b in range(1, boards + 1):
        q.run(["result", "Big", "1", str(b), rnd.choice(["1-0", "0-1", "1/2-1/2"])])
    status = re.compile(r"^\s*\d+\s+(\S+).*?(withdrawn \(R(\d+)\)|active \(R(\d+)\+\))", re.M)
    for i in range(args.pair_races):
        if q.run(["round", "show", "Big", "2"])[0] == 0:
            q.run(["round", "unpair", "Big", "--force"])
        out = q.run(["round", "show", "Big"])[1]
        who = names[rnd.randrange(args.big)]
        late = f"Late{i}"
        q.run(["player", "add", late])
        t0 = time.time()
        p = q.spawn(["round", "pair", "Big"])
        time.sleep(rnd.choice([0.0, 0.05, 0.1, 0.2, 0.4]))
        q.run(["event", "withdraw", "Big", who])
        q.run(["event", "enter", "Big", late])
        _, perr = p.communicate()
        perr = perr.decode("utf-8", "replace")
        note(p.returncode, perr, False)
        if p.returncode != 0:
            continue
        fig["pair_races"] += 1
        rnd2 = q.run(["round", "show", "Big", "2"], timeout=300)[1]
        table = [l for l in rnd2.splitlines() if not l.lstrip().startswith("#")]
        listed = "\n".join(table)
        shown = q.run(["event", "show", "Big"], timeout=300)[1]
        st = {m.group(1): m for m in status.finditer(shown)}
        stale = False
        w = st.get(who)
        if w and w.group(3) is not None and int(w.group(3)) < 2 and re.search(
            rf"(?<!\S){re.escape(who)}(?!\S)", listed
        ):
            stale = True  # withdrawn before round 2, yet paired in it
        l = st.get(late)
        if l and l.group(4) is not None and int(l.group(4)) <= 2 and not re.search(
            rf"(?<!\S){re.escape(late)}(?!\S)", listed
        ):
            stale = True  # entered for round 2, yet neither a board nor a bye
        if stale:
            fig["stale_rounds"] += 1
            print("STALE", who, late, rnd2[:400], file=sys.stderr)
    report("race", fig, work, args)


# ---------------------------------------------------------------------------
# fuzz


def mutate(data, r):
    data = bytearray(data)
    for _ in range(r.choice([1, 1, 1, 2, 3])):
        k = r.randrange(10)
        at = r.randrange(len(data) + 1)
        if k == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << r.randrange(8)
        elif k == 1:
            data[at:at] = bytes([r.randrange(256)])
        elif k == 2 and data:
            del data[at:at + r.randint(1, 64)]
        elif k == 3:
            data[at:at] = r.choice([b"(", b")", b"{", b"}", b"[", b"]", b"\x00", b"\x1b[2J",
                                    b"\r", b"\xff\xfe", b'"', b","]) * r.randint(1, 3000)
        elif k == 4 and data:
            a = r.randrange(len(data))
            data[at:at] = data[a:a + r.randint(1, 4096)] * r.randint(1, 8)
        elif k == 5 and r.random() < 0.3:
            del data[at:]
        elif k == 6 and len(data) >= 4:
            a = r.randrange(len(data) - 3)
            data[a:a + 4] = struct.pack("<i", r.choice([-1, 0, 1, 2**31 - 1, 4096, 70000]))
        elif k == 7:
            data[at:at] = b"[DhtmlXQ_move_0_1_1]7747[/DhtmlXQ_move_0_1_1]" * r.randint(1, 50)
        else:
            data[at:at] = "棋".encode() * r.randint(1, 100)
    return bytes(data)


def fuzz_run(args):
    r = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="qishe-fuzz-")
    q = Qishe(args.qishe, os.path.join(work, "club.db"), work)
    make_club(q, players=20, big=20)
    seeds_dir = os.path.join(work, "seeds")
    recs = hostile_records(seeds_dir, args.example)
    seeds = {"record": [], "members": [], "trf": [], "config": [], "games": []}
    for p in recs:
        with open(p, "rb") as f:
            seeds["record"].append((os.path.basename(p), f.read()))
    for p in args.samples:
        for root, _, files in os.walk(p):
            for n in files:
                path = os.path.join(root, n)
                with open(path, "rb") as f:
                    data = f.read()
                if n.endswith((".pgn", ".xqf", ".cbr", ".cbl", ".txt", ".html")):
                    seeds["record"].append((n, data))
                elif n.endswith(".trf"):
                    seeds["trf"].append((n, data))
    seeds["record"].append(("plain.pgn", plain_pgn(1).encode()))
    seeds["record"].append(("small.cbr", cbr(12)))
    seeds["record"].append(("small.xqf", xqf(12)))
    seeds["members"].append(("m.csv", members_csv(30, "F").encode()))
    seeds["config"].append(("config.toml", b'[event]\ntiebreaks = ["buchholz"]\nrounds = 7\n'))
    seeds["games"].append(("g.csv", "round,board,red,black,result\n1,1,基成员0,基成员1,1-0\n".encode()))
    if not seeds["trf"]:
        seeds["trf"].append(("t.trf", b"012 Club\n062 2\n001    1      A                                 1500 CHN         0         2020/01/01  0.0    1\n"))
    fig = dict(files=0, commands=0, refused=0, read=0, panics=0, hangs=0, damaged=0)
    fdir = os.path.join(work, "f")
    os.makedirs(fdir)
    for i in range(args.files):
        kind = r.choice(["record"] * 5 + ["members", "trf", "config", "games"])
        name, data = r.choice(seeds[kind])
        data = mutate(data, r) if r.random() < 0.9 else data
        ext = os.path.splitext(name)[1] or ".txt"
        path = os.path.join(fdir, f"x{i}{ext}")
        with open(path, "wb") as f:
            f.write(data)
        fig["files"] += 1
        if kind == "record":
            cmds = [["game", "show", path], ["game", "stats", path],
                    ["game", "convert", path]]
            if i % 5 == 0:
                sub = os.path.join(work, f"a{i}")
                os.makedirs(sub)
                shutil.copy(path, sub)
                with open(os.path.join(sub, "ok.pgn"), "w") as f:
                    f.write(plain_pgn(i))
                cmds.append(["archive", "import", sub])
        elif kind == "members":
            cmds = [["player", "import", path]]
        elif kind == "trf":
            cmds = [["import", "trf", path], ["pair-trf", path]]
        elif kind == "games":
            cmds = [["import", "games", "T", path]]
        else:
            cmds = [["--config", path, "player", "list"]]
        for c in cmds:
            if c[0] == "--config":
                argv = [args.qishe, "--config", path, "--db", q.db] + c[2:]
                try:
                    p = subprocess.run(argv, cwd=work, capture_output=True, timeout=60)
                    rc, err, hung = p.returncode, p.stderr.decode("utf-8", "replace"), False
                except subprocess.TimeoutExpired:
                    rc, err, hung = None, "", True
            else:
                rc, _, err, hung = q.run(c, timeout=60)
            fig["commands"] += 1
            if hung:
                fig["hangs"] += 1
                print("HANG", c, file=sys.stderr)
            elif panicked(rc, err):
                fig["panics"] += 1
                keep = os.path.join(work, f"panic-{i}{ext}")
                shutil.copy(path, keep)
                print("PANIC", c, keep, err[-300:], file=sys.stderr)
            elif rc == 0:
                fig["read"] += 1
            else:
                fig["refused"] += 1
    rc, out, err, hung = q.run(["check"], timeout=300)
    if rc != 0 or out.strip() != "ok":
        fig["damaged"] += 1
    report("fuzz", fig, work, args)


def report(kind, fig, work, args):
    line = " ".join(f"{k.replace('_', '-')} {v}" for k, v in fig.items())
    print(f"{kind}: {line}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"(kept {work})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--qishe", default="target/debug/qishe")
    ap.add_argument("--example", default=None,
                    help="the built hostile_files example (adds its DhtmlXQ chains)")
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    sub = ap.add_subparsers(dest="run", required=True)
    k = sub.add_parser("kill")
    k.add_argument("--kills", type=int, default=100)
    rc = sub.add_parser("race")
    rc.add_argument("--workers", type=int, default=6)
    rc.add_argument("--commands", type=int, default=100)
    rc.add_argument("--big", type=int, default=300)
    rc.add_argument("--pair-races", type=int, default=10)
    f = sub.add_parser("fuzz")
    f.add_argument("--files", type=int, default=200)
    f.add_argument("--samples", nargs="*", default=[])
    args = ap.parse_args()
    args.qishe = os.path.abspath(args.qishe)
    if args.example:
        args.example = os.path.abspath(args.example)
    {"kill": kill_run, "race": race_run, "fuzz": fuzz_run}[args.run](args)


if __name__ == "__main__":
    main()
