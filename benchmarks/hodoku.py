"""Our grades beside HoDoKu's: the same puzzles graded by `pycore.solve.techniques.grade`
and by HoDoKu (its batch mode; 2.2.0, whose ratings and limits are 2.3's), and how far
the levels and scores agree.

    python -m benchmarks.hodoku --jar /tmp/hodoku/hodoku.jar             # 10 puzzles a level
    python -m benchmarks.hodoku --jar /tmp/hodoku/hodoku.jar --puzzles 3 --top95 20

HoDoKu (GPL, Java) is never part of the project: build its jar from its source outside
the repository (docs/solving.md, "Compared with HoDoKu", says how) and pass its path.
Java must be on PATH.

Sets: 9x9 puzzles made here at each level (`generate("9x9", level, seed=s)`, seeds
0..N-1, so every run grades the same puzzles) and the top95 list
(benchmarks/data/solve_top95.txt). HoDoKu reads them all in one run: `/bs FILE /vp
/o stdout /c default` (its default configuration, whatever a person set in its GUI; its
config and log go to a scratch folder). Its output gives, per puzzle, the level and
score and, with `/vp`, every step of its solution path, from which the hardest step is
taken (by level, then score, as `Grade.hardest` is) with HoDoKu's default ratings
(`HODOKU_STEPS`).

The table gives per set: how many puzzles get the same level, how many ours rates above
or below HoDoKu's, the median scores and the median of the per-puzzle ratio ours/HoDoKu;
then the confusion of levels (rows ours, columns HoDoKu's) for the made puzzles and for
top95; then every puzzle whose levels differ, with both hardest steps and both paths'
steps above singles (technique and count), which is where the two usually part. Headed
by the machine, its load, the commit and the date, as the other benchmarks are.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.stamp import commit, machine, now  # noqa: E402
from pycore.model import EMPTY, Puzzle, given  # noqa: E402
from pycore.solve.generate import GenerateFailed, generate  # noqa: E402
from pycore.solve.techniques import LEVELS, TECHNIQUES, grade  # noqa: E402

TOP95 = ROOT / "benchmarks" / "data" / "solve_top95.txt"


_BIG_FISH = ("Squirmbag", "Whale", "Leviathan")
HODOKU_STEPS: tuple[tuple[str, str, int], ...] = (
    ("Full House", "easy", 4), ("Naked Single", "easy", 4), ("Hidden Single", "easy", 14),
    ("Locked Pair", "medium", 40), ("Locked Triple", "medium", 60),
    ("Locked Candidates Type 1 (Pointing)", "medium", 50),
    ("Locked Candidates Type 2 (Claiming)", "medium", 50),
    ("Naked Pair", "medium", 60), ("Naked Triple", "medium", 80),
    ("Hidden Pair", "medium", 70), ("Hidden Triple", "medium", 100),
    ("Naked Quadruple", "hard", 120), ("Hidden Quadruple", "hard", 150),
    ("X-Wing", "hard", 140), ("Swordfish", "hard", 150), ("Jellyfish", "hard", 160),
    *[(n, "unfair", 470) for n in _BIG_FISH],
    ("Remote Pair", "hard", 110), ("Bivalue Universal Grave + 1", "hard", 100),
    ("Skyscraper", "hard", 130), ("2-String Kite", "hard", 150),
    ("Dual 2-String Kite", "hard", 150), ("Turbot Fish", "hard", 120),
    ("Empty Rectangle", "hard", 120), ("Dual Empty Rectangle", "hard", 120),
    ("W-Wing", "hard", 150), ("XY-Wing", "hard", 160), ("XYZ-Wing", "hard", 180),
    *[(f"Uniqueness Test {i}", "hard", 100) for i in range(1, 7)],
    ("Hidden Rectangle", "hard", 100),
    ("Avoidable Rectangle Type 1", "hard", 100), ("Avoidable Rectangle Type 2", "hard", 100),
    ("Finned X-Wing", "hard", 130), ("Sashimi X-Wing", "hard", 150),
    ("Finned Swordfish", "unfair", 200), ("Sashimi Swordfish", "unfair", 240),
    ("Finned Jellyfish", "unfair", 250), ("Sashimi Jellyfish", "unfair", 260),
    *[(f"Finned {n}", "unfair", 470) for n in _BIG_FISH],
    *[(f"Sashimi {n}", "unfair", 470) for n in _BIG_FISH],
    ("Sue de Coq", "unfair", 250),
    ("Simple Colors Trap", "hard", 150), ("Simple Colors Wrap", "hard", 150),
    ("Multi Colors 1", "hard", 200), ("Multi Colors 2", "hard", 200),
    ("X-Chain", "unfair", 260), ("XY-Chain", "unfair", 260),
    ("Continuous Nice Loop", "unfair", 280), ("Discontinuous Nice Loop", "unfair", 280),
    ("AIC", "unfair", 280),
    ("Grouped Continuous Nice Loop", "unfair", 300),
    ("Grouped Discontinuous Nice Loop", "unfair", 300), ("Grouped AIC", "unfair", 300),
    ("Almost Locked Set XZ-Rule", "unfair", 300), ("Almost Locked Set XY-Wing", "unfair", 320),
    ("Almost Locked Set Chain", "unfair", 340), ("Death Blossom", "unfair", 360),
    ("Franken X-Wing", "unfair", 300), ("Franken Swordfish", "unfair", 350),
    ("Franken Jellyfish", "unfair", 370),
    *[(f"Franken {n}", "extreme", 470) for n in _BIG_FISH],
    ("Finned Franken X-Wing", "unfair", 390), ("Finned Franken Swordfish", "unfair", 410),
    ("Finned Franken Jellyfish", "unfair", 430),
    *[(f"Finned Franken {n}", "extreme", 470) for n in _BIG_FISH],
    ("Mutant X-Wing", "extreme", 450), ("Mutant Swordfish", "extreme", 450),
    ("Mutant Jellyfish", "extreme", 450),
    *[(f"Mutant {n}", "extreme", 470) for n in _BIG_FISH],
    *[(f"Finned Mutant {n}", "extreme", 470)
      for n in ("X-Wing", "Swordfish", "Jellyfish", *_BIG_FISH)],
    ("Kraken Fish Type 1", "extreme", 500), ("Kraken Fish Type 2", "extreme", 500),
    ("Forcing Chain Contradiction", "extreme", 500), ("Forcing Chain Verity", "extreme", 500),
    ("Forcing Net Contradiction", "extreme", 700), ("Forcing Net Verity", "extreme", 700),
    ("Template Set", "extreme", 10000), ("Template Delete", "extreme", 10000),
    ("Brute Force", "extreme", 10000), ("Give Up", "extreme", 20000),
)
"""Every step HoDoKu's solution path names, as it prints it (English), with its default
level and score (HoDoKu's `Options` step table; a step without a table entry of its own,
such as an AIC or a Dual 2-String Kite, is rated as its family, as HoDoKu rates it)."""

_RATING = {name: (level, score) for name, level, score in HODOKU_STEPS}
_NAMES_LONGEST_FIRST = sorted(_RATING, key=len, reverse=True)
_RESULT = re.compile(r"(\S+) #(\d+) (\S+) \((\d+)\)(.*)")
_OURS = {t.name: t for t in TECHNIQUES}


@dataclass
class HodokuGrade:
    """One puzzle's line of HoDoKu's batch output, with its solution path's step names."""

    number: int
    puzzle: str
    level: str
    score: int
    flags: tuple[str, ...] = ()
    """What HoDoKu appends when logic was not enough: `bf` (it guessed), `td`, `gu`."""
    steps: list[str] = field(default_factory=list)


def step_name(line: str) -> str:
    """The technique a solution path line names: the longest of HoDoKu's step names it
    starts with, else what comes before its first colon (a step this table misses)."""
    text = line.strip()
    for name in _NAMES_LONGEST_FIRST:
        if text.startswith(name) and text[len(name):len(name) + 1] in ("", ":", " "):
            return name
    return text.split(":", 1)[0]


def parse_batch(lines: Iterable[str]) -> list[HodokuGrade]:
    """HoDoKu's `/bs` output read back: a line `PUZZLE #N Level (score)[ flags]` per
    puzzle, followed (with `/vp`) by its steps, each indented by three spaces; a forcing
    chain's or net's chains follow its step indented by two, and are skipped. A line not
    indented ends a puzzle's steps, so that the banner, the totals and the per-level
    counts after the last puzzle (indented by three too) are no one's steps."""
    grades: list[HodokuGrade] = []
    current: HodokuGrade | None = None
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line.startswith(" ") and current is not None:
            if line.startswith("   ") and line[3:4] not in ("", " "):
                current.steps.append(step_name(line))
            continue
        current = None
        match = _RESULT.fullmatch(line.strip())
        if match:
            puzzle, number, level, score, flags = match.groups()
            current = HodokuGrade(int(number), puzzle, level.lower(), int(score),
                                  tuple(flags.split()))
            grades.append(current)
    return grades


def hodoku_version(lines: Iterable[str]) -> str:
    """The version line HoDoKu prints first ("HoDoKu - v2.3.0 beta - Build ...")."""
    for line in lines:
        if line.startswith("HoDoKu - v"):
            return line.split(" - ")[1].strip()
    return "unknown version"


def hardest_step(steps: Iterable[str]) -> tuple[str, str, int] | None:
    """(name, level, score) of the hardest step HoDoKu took, by level then score."""
    rated = [(name, *_RATING[name]) for name in steps if name in _RATING]
    if not rated:
        return None
    return max(rated, key=lambda s: (LEVELS.index(s[1]), s[2]))


def run_hodoku(jar: Path, puzzles: Sequence[str]) -> tuple[str, list[HodokuGrade]]:
    """Grade `puzzles` (81-character lines) in one HoDoKu run; its version and grades.
    The file is named relative to the scratch folder HoDoKu runs in: it takes any
    argument starting with '/' for an option."""
    with tempfile.TemporaryDirectory(prefix="hodoku-") as tmp:
        batch = Path(tmp) / "puzzles.txt"
        batch.write_text("\n".join(puzzles) + "\n", encoding="ascii")
        done = subprocess.run(
            ["java", "-Xmx512m", "-Djava.awt.headless=true", "-Duser.language=en",
             "-Duser.country=US", f"-Djava.io.tmpdir={tmp}", "-jar", str(jar.resolve()),
             "/c", "default", "/vp", "/o", "stdout", "/bs", batch.name],
            cwd=tmp, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    grades = parse_batch(lines)
    if len(grades) != len(puzzles):
        raise SystemExit(f"HoDoKu graded {len(grades)} of {len(puzzles)} puzzles "
                         f"(exit {done.returncode}): {done.stderr[-500:]}")
    return hodoku_version(lines), grades


@dataclass
class Ours:
    level: str
    score: int
    hardest: str
    beyond_singles: str
    """The techniques above easy in the path, with how often, in order of first use."""


def line_of(puzzle: Puzzle) -> str:
    """A 9x9's givens as HoDoKu reads them: 81 characters, '.' for an empty cell."""
    return "".join(str(c.digit) if c.kind == "given" else "." for c in puzzle.cells)


def puzzle_of(line: str) -> Puzzle:
    return Puzzle("sudoku", 9, tuple(given(int(ch)) if ch in "123456789" else EMPTY
                                    for ch in line.strip()))


def ours(puzzle: Puzzle) -> Ours:
    g = grade(puzzle)
    if g.hardest is None:
        hardest = "-"
    else:
        t = _OURS[g.hardest]
        hardest = f"{t.name} ({t.level}, {t.score})"
    if not g.solved:
        hardest += ", then a guess"
    names = [step.technique for step in g.path]
    return Ours(g.level, g.score, hardest,
                tally(n for n in names if _OURS[n].level != "easy"))


def tally(names: Iterable[str]) -> str:
    """"a 2, b 1": each name with how often it comes, in order of first coming."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{name} {n}" for name, n in counts.items()) or "-"


def hodoku_beyond_singles(h: HodokuGrade) -> str:
    return tally(n for n in h.steps if _RATING.get(n, ("?", 0))[0] != "easy")


def describe_hardest(h: HodokuGrade) -> str:
    found = hardest_step(h.steps)
    text = "-" if found is None else f"{found[0]} ({found[1]}, {found[2]})"
    return text + (f" [{' '.join(h.flags)}]" if h.flags else "")


def puzzle_sets(per_level: int, top95: int) -> dict[str, list[str]]:
    sets: dict[str, list[str]] = {}
    for level in LEVELS:
        made: list[str] = []
        for seed in range(per_level):
            try:
                made.append(line_of(generate("9x9", level, seed=seed)))
            except GenerateFailed:
                print(f"  9x9 {level} seed {seed}: no puzzle made", file=sys.stderr)
        sets[f"made {level}"] = made
        print(f"made {len(made)} {level}", file=sys.stderr, flush=True)
    lines = [x for x in TOP95.read_text(encoding="ascii").split() if x]
    sets["top95"] = lines[:top95]
    return sets


Row = tuple[str, str, Ours, HodokuGrade]


def summary_table(rows: Sequence[Row], set_names: Sequence[str]) -> str:
    out = ["| set | puzzles | same level | ours higher | ours lower | median score ours "
           "| median score HoDoKu | median ratio ours/HoDoKu | same score |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name in set_names:
        mine = [r for r in rows if r[0] == name]
        if not mine:
            continue
        n = len(mine)
        same = sum(o.level == h.level for _, _, o, h in mine)
        higher = sum(_rank(o.level) > _rank(h.level) for _, _, o, h in mine)
        ratios = [o.score / h.score for _, _, o, h in mine if h.score]
        out.append(
            f"| {name} | {n} | {same} ({100 * same / n:.0f}%) | {higher} | {n - same - higher} "
            f"| {statistics.median(o.score for _, _, o, _ in mine):.0f} "
            f"| {statistics.median(h.score for _, _, _, h in mine):.0f} "
            f"| {statistics.median(ratios):.2f} "
            f"| {sum(o.score == h.score for _, _, o, h in mine)} |")
    return "\n".join(out)


def _rank(level: str) -> int:
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)


def confusion(rows: Sequence[Row], title: str) -> str:
    """Rows: our level; columns: HoDoKu's."""
    out = [f"| {title}: ours \\ HoDoKu | " + " | ".join(LEVELS) + " |",
           "|---|" + "---:|" * len(LEVELS)]
    for mine in LEVELS:
        counts = [sum(o.level == mine and h.level == theirs for _, _, o, h in rows)
                  for theirs in LEVELS]
        if any(counts):
            out.append(f"| {mine} | " + " | ".join(str(c) if c else "." for c in counts) + " |")
    return "\n".join(out)


def differences(rows: Sequence[Row]) -> str:
    out = ["| set | puzzle | ours | HoDoKu | our hardest step | HoDoKu's hardest step "
           "| our steps above singles | HoDoKu's steps above singles |",
           "|---|---|---|---|---|---|---|---|"]
    for name, line, o, h in rows:
        if o.level != h.level:
            out.append(f"| {name} | `{line}` | {o.level} {o.score} | {h.level} {h.score} "
                       f"| {o.hardest} | {describe_hardest(h)} "
                       f"| {o.beyond_singles} | {hodoku_beyond_singles(h)} |")
    return "\n".join(out) if len(out) > 2 else "(none)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jar", type=Path, help="HoDoKu's jar, built from its source")
    parser.add_argument("--puzzles", type=int, default=10, help="puzzles made per level")
    parser.add_argument("--top95", type=int, default=95, help="how many of top95 (first N)")
    args = parser.parse_args(argv)
    if args.jar is None:
        print("benchmarks.hodoku needs HoDoKu's jar: --jar PATH (docs/solving.md says how to "
              "build it)", file=sys.stderr)
        raise SystemExit(2)
    load_before = os.getloadavg()
    start = time.perf_counter()
    sets = puzzle_sets(args.puzzles, args.top95)
    lines = [line for puzzles in sets.values() for line in puzzles]
    ours_started = time.perf_counter()
    mine = [ours(puzzle_of(line)) for line in lines]
    ours_time = time.perf_counter() - ours_started
    hodoku_started = time.perf_counter()
    version, theirs = run_hodoku(args.jar, lines)
    hodoku_time = time.perf_counter() - hodoku_started
    names = [name for name, puzzles in sets.items() for _ in puzzles]
    rows: list[Row] = list(zip(names, lines, mine, theirs, strict=True))
    load_after = os.getloadavg()

    print(f"Grades beside HoDoKu {version} (built from source; `/bs` batch mode, default "
          f"configuration): {args.puzzles} 9x9 puzzles made per level (seeds "
          f"0..{args.puzzles - 1}) and the first {len(sets['top95'])} of top95.")
    print(machine(load_before, load_after))
    print(f"Commit {commit()}; {now()}. Grading took {ours_time:.0f} s here, "
          f"{hodoku_time:.0f} s in HoDoKu (its JVM start included); "
          f"{time.perf_counter() - start:.0f} s in all.")
    print()
    print(summary_table(rows, list(sets)))
    print()
    print(confusion([r for r in rows if r[0] != "top95"], "made"))
    print()
    print(confusion([r for r in rows if r[0] == "top95"], "top95"))
    print()
    print("Levels that differ (hardest step: by level, then score; HoDoKu's default ratings):")
    print()
    print(differences(rows))


if __name__ == "__main__":
    main()
