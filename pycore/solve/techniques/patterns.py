"""Single-digit patterns: strong links (a digit with two places in a house) joined up.

A strong link says "one of these two cells holds d"; a weak link "these two cells
see each other, so not both". Two strong links joined by a weak link (a turbot fish,
whose plain-grid forms are the skyscraper and the two-string kite), longer chains of
them (x-chain), the empty rectangle of a box, and coloring all end in: one of two cells
holds d, so a cell seeing both cannot.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from .state import State, Step, chain_links, eureka, two_colorings

__all__ = [
    "empty_rectangle", "multi_colors_1", "multi_colors_2", "simple_colors_trap",
    "simple_colors_wrap", "skyscraper", "turbot_fish", "two_string_kite", "x_chain",
]

Link = tuple[int, int, int]  # (cell, cell, house index)


def strong_links(s: State, d: int) -> list[Link]:
    bit = 1 << (d - 1)
    out = []
    for h, house in enumerate(s.tables.houses):
        places = s.spots(house, bit)
        if len(places) == 2:
            out.append((places[0], places[1], h))
    return out


def _both_ends(s: State, d: int, ends: tuple[int, int], pattern: set[int]) -> list[tuple[int, int]]:
    bit = 1 << (d - 1)
    return s.eliminations(s.common_seen(ends), bit, d, pattern)


def _two_links(s: State) -> Iterator[tuple[int, Link, Link, int, int, int, int]]:
    """(digit, link 1, link 2, a1, b1, a2, b2): two strong links whose ends a1 and a2 see
    each other, four distinct cells; b1 or b2 holds the digit."""
    seen = s.tables.seen
    for d in range(1, s.tables.n + 1):
        links = strong_links(s, d)
        ends: dict[int, list[int]] = {}  # a cell -> the links it ends
        for k, link in enumerate(links):
            ends.setdefault(link[0], []).append(k)
            ends.setdefault(link[1], []).append(k)
        for i, l1 in enumerate(links):
            # the later links with an end that sees an end of this one, in order (the pairs
            # taken in the order of every pair, without trying the others)
            later: set[int] = set()
            for a in (l1[0], l1[1]):
                for c in seen[a] & ends.keys():
                    later.update(k for k in ends[c] if k > i)
            for j in sorted(later):
                l2 = links[j]
                if l1[2] == l2[2]:
                    continue
                for a1, b1 in ((l1[0], l1[1]), (l1[1], l1[0])):
                    for a2, b2 in ((l2[0], l2[1]), (l2[1], l2[0])):
                        if len({a1, b1, a2, b2}) == 4 and a2 in seen[a1]:
                            yield d, l1, l2, a1, b1, a2, b2


def _two_link_step(s: State, technique: str, want: str) -> Iterator[Step]:
    tables = s.tables
    kinds = tables.house_kind
    for d, l1, l2, a1, b1, a2, b2 in _two_links(s):
        k1, k2 = kinds[l1[2]], kinds[l2[2]]
        connected_by = {kinds[h] for h in set(tables.house_ids[a1]) & set(tables.house_ids[a2])}
        if k1 == k2 != "box" and (connected_by - {"box"}):
            tops = {kinds[h] for h in set(tables.house_ids[b1]) & set(tables.house_ids[b2])}
            if tops & connected_by - {"box"}:
                continue  # the tops align too: an x-wing
            form = "skyscraper"
        elif {k1, k2} == {"row", "column"} and "box" in connected_by:
            form = "two-string-kite"
        else:
            form = "turbot-fish"
        if form != want:
            continue
        gone = _both_ends(s, d, (b1, b2), {a1, b1, a2, b2})
        if not gone:
            continue
        text = (f"{d} goes in {tables.name(a1)} or {tables.name(b1)} ({tables.names[l1[2]]}), "
                f"and in {tables.name(a2)} or {tables.name(b2)} ({tables.names[l2[2]]}); "
                f"{tables.name(a1)} and {tables.name(a2)} see each other, so {tables.name(b1)} or "
                f"{tables.name(b2)} holds {d}: remove it from {tables.names_of(c for c, _ in gone)}.")
        links = chain_links([(b1, d), (a1, d), (a2, d), (b2, d)])
        yield Step(technique, (), tuple(gone), (a1, b1, a2, b2), (d,), text, links)


def skyscraper(s: State) -> Iterator[Step]:
    return _two_link_step(s, "skyscraper", "skyscraper")


def two_string_kite(s: State) -> Iterator[Step]:
    return _two_link_step(s, "two-string-kite", "two-string-kite")


def turbot_fish(s: State) -> Iterator[Step]:
    return _two_link_step(s, "turbot-fish", "turbot-fish")


def empty_rectangle(s: State) -> Iterator[Step]:
    """A box whose places for d all lie on one row and one column of it (the cross), and a
    strong link in a line outside: the cross's row or column must hold the box's d."""
    tables = s.tables
    if not tables.box:  # regular boxes (a classic grid, or a variant's that is no jigsaw)
        return
    n = tables.n
    masks = s.masks
    for h, box in enumerate(tables.houses):
        if tables.house_kind[h] != "box":
            continue
        box_rows = {c // n for c in box}
        box_cols = {c % n for c in box}
        box_set = set(box)
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            places = [c for c in box if masks[c] & bit]
            if len(places) < 2:
                continue
            links = strong_links(s, d)
            for r in sorted(box_rows):
                for col in sorted(box_cols):
                    if any(c // n != r and c % n != col for c in places):
                        continue
                    if all(c // n == r for c in places) or all(c % n == col for c in places):
                        continue
                    for a, b, link_house in links:
                        kind = tables.house_kind[link_house]
                        for p, q in ((a, b), (b, a)):
                            if kind == "column" and p // n == r and p % n not in box_cols:
                                target = (q // n) * n + col
                            elif kind == "row" and p % n == col and p // n not in box_rows:
                                target = r * n + q % n
                            else:
                                continue
                            if target in box_set or not masks[target] & bit or target == q:
                                continue
                            text = (f"In {tables.names[h]}, {d} lies in row {r + 1} or column "
                                    f"{col + 1}; with the strong link {tables.name(p)}-"
                                    f"{tables.name(q)} on {d}, either way {tables.name(target)} "
                                    f"cannot be {d}.")
                            yield Step("empty-rectangle", (), ((target, d),),
                                       (*places, p, q), (d,), text)


def _colorings(s: State, d: int, smallest: int = 3
               ) -> Iterator[tuple[dict[int, int], list[tuple[int, int]]]]:
    """(colors, conjugate pairs) of each cluster of cells joined by strong links on d."""
    links = strong_links(s, d)
    graph: dict[int, list[int]] = {}
    for a, b, _ in links:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, []).append(a)
    for color, ok in two_colorings(sorted(graph), graph.__getitem__):
        if ok and len(color) >= smallest:
            yield color, [(a, b) for a, b, _ in links if a in color]


def _two_colors(s: State, d: int, color: dict[int, int], first: str = "AB") -> str:
    """The two colors of a cluster named with their cells."""
    names = s.tables.names_of
    a = names(c for c, h in color.items() if h == 0)
    b = names(c for c, h in color.items() if h == 1)
    return (f"The cells joined by strong links on {d} take two colors, {first[0]} ({a}) and "
            f"{first[1]} ({b}); one color holds {d}")


def simple_colors_trap(s: State) -> Iterator[Step]:
    tables = s.tables
    seen = tables.seen
    masks = s.masks
    for d in range(1, tables.n + 1):
        bit = 1 << (d - 1)
        for color, _ in _colorings(s, d):
            gone = []
            for c in tables.board.open:
                if masks[c] & bit and c not in color:
                    hues = {color[o] for o in seen[c] if o in color}
                    if len(hues) == 2:
                        gone.append((c, d))
            if gone:
                text = (f"{_two_colors(s, d, color)}. {tables.names_of(c for c, _ in gone)} "
                        f"{'sees' if len(gone) == 1 else 'see'} both colors, so cannot be {d}.")
                yield Step("simple-colors-trap", (), tuple(gone), tuple(sorted(color)), (d,), text)


def simple_colors_wrap(s: State) -> Iterator[Step]:
    tables = s.tables
    seen = tables.seen
    for d in range(1, tables.n + 1):
        for color, _ in _colorings(s, d):
            for hue in (0, 1):
                cells = [c for c, h in color.items() if h == hue]
                clash = next(((a, b) for a in cells for b in cells if b in seen[a]), None)
                if clash is None:
                    continue
                gone = tuple(sorted((c, d) for c in cells))
                text = (f"{_two_colors(s, d, color)}. {tables.name(clash[0])} and "
                        f"{tables.name(clash[1])} are both {'AB'[hue]} and see each other, "
                        f"so {'AB'[hue]} is not {d}: remove {d} from {tables.names_of(cells)}.")
                yield Step("simple-colors-wrap", (), gone, tuple(sorted(color)), (d,), text)


def _multi(s: State) -> Iterator[tuple[int, list[list[int]], list[list[int]]]]:
    """(digit, colors of cluster A, colors of cluster B) for each two clusters of a digit."""
    for d in range(1, s.tables.n + 1):
        clusters = [[[c for c, h in color.items() if h == hue] for hue in (0, 1)]
                    for color, _ in _colorings(s, d, 2)]
        for i, a in enumerate(clusters):
            for b in clusters[i + 1:]:
                yield d, a, b


def _clusters(s: State, d: int, a: list[list[int]], b: list[list[int]]) -> str:
    names = s.tables.names_of
    return (f"Two clusters of strong links on {d}, colored A ({names(a[0])}) / B "
            f"({names(a[1])}) and C ({names(b[0])}) / D ({names(b[1])}); one color of each "
            f"holds {d}")


def _sees(s: State, xs: list[int], ys: list[int]) -> bool:
    seen = s.tables.seen
    return any(y in seen[x] for x in xs for y in ys)


def multi_colors_1(s: State) -> Iterator[Step]:
    """Two clusters where a color of one sees a color of the other: not both are true, so
    one of the two opposite colors is: a cell seeing both opposite colors loses the digit."""
    tables = s.tables
    seen = tables.seen
    masks = s.masks
    for d, a, b in _multi(s):
        bit = 1 << (d - 1)
        for i in (0, 1):
            for j in (0, 1):
                if not _sees(s, a[i], b[j]):
                    continue
                other_a, other_b = a[1 - i], b[1 - j]
                gone = sorted((c, d) for c in tables.board.open if masks[c] & bit
                              and c not in other_a and c not in other_b
                              and any(x in seen[c] for x in other_a)
                              and any(y in seen[c] for y in other_b))
                if gone:
                    text = (f"{_clusters(s, d, a, b)}. {'AB'[i]} sees {'CD'[j]}, so not both "
                            f"hold {d}; thus {'AB'[1 - i]} or {'CD'[1 - j]} does. "
                            f"Remove {d} from {tables.names_of(c for c, _ in gone)}.")
                    cells = tuple(sorted(a[0] + a[1] + b[0] + b[1]))
                    yield Step("multi-colors-1", (), tuple(gone), cells, (d,), text)


def multi_colors_2(s: State) -> Iterator[Step]:
    """A color of one cluster that sees both colors of another cluster is false."""
    tables = s.tables
    for d, a, b in _multi(s):
        for first, second, letters in ((a, b, "ABCD"), (b, a, "CDAB")):
            for k, hue in enumerate(first):
                if _sees(s, hue, second[0]) and _sees(s, hue, second[1]):
                    gone = tuple(sorted((c, d) for c in hue))
                    text = (f"{_clusters(s, d, a, b)}. {letters[k]} sees both {letters[2]} and "
                            f"{letters[3]}, one of which holds {d}, so {letters[k]} is not {d}: "
                            f"remove {d} from {tables.names_of(hue)}.")
                    cells = tuple(sorted(a[0] + a[1] + b[0] + b[1]))
                    yield Step("multi-colors-2", (), gone, cells, (d,), text)


def x_chain(s: State, max_links: int = 8) -> Iterator[Step]:
    """Strong, weak, strong, ... strong links on one digit (at least three strong): one of
    the two ends holds the digit."""
    tables = s.tables
    seen = tables.seen
    masks = s.masks
    found: set[tuple[int, int, int]] = set()
    for d in range(1, tables.n + 1):
        bit = 1 << (d - 1)
        partners: dict[int, list[int]] = {}
        for a, b, _ in strong_links(s, d):
            partners.setdefault(a, []).append(b)
            partners.setdefault(b, []).append(a)
        for start in sorted(partners):
            # state: (cell, True after a strong link / False after a weak one)
            parent: dict[tuple[int, bool], tuple[tuple[int, bool], int] | None] = {
                (start, False): None}
            todo = deque([((start, False), 0)])
            while todo:
                (cell, strong), count = todo.popleft()
                if strong:
                    if count >= 3 and cell != start and (min(start, cell), max(start, cell), d) \
                            not in found:
                        path = _path(parent, (cell, True))
                        gone = s.eliminations(s.common_seen((start, cell)), bit, d, path)
                        if gone:
                            found.add((min(start, cell), max(start, cell), d))
                            links = chain_links((c, d) for c in path)
                            text = (f"A chain of strong (=) and weak (-) links on "
                                    f"{d}: {eureka(tables.name, links)}. Its ends "
                                    f"{tables.name(start)} and {tables.name(cell)} are joined "
                                    f"by strong links, so one of them holds {d}: remove it "
                                    f"from {tables.names_of(c for c, _ in gone)}.")
                            yield Step("x-chain", (), tuple(gone), tuple(path), (d,), text,
                                       links)
                    if count >= max_links:
                        continue
                    nexts = [(o, False) for o in seen[cell] if masks[o] & bit]
                else:
                    nexts = [(o, True) for o in partners.get(cell, ())]
                for state in nexts:
                    if state not in parent:
                        parent[state] = ((cell, strong), count)
                        todo.append((state, count + (1 if state[1] else 0)))


def _path(parent: dict[tuple[int, bool], tuple[tuple[int, bool], int] | None],
          end: tuple[int, bool]) -> list[int]:
    out = []
    node: tuple[int, bool] | None = end
    while node is not None:
        out.append(node[0])
        back = parent[node]
        node = back[0] if back else None
    return out[::-1]
