"""penpa+ links: real sudoku links read element by element (givens, regions, killer cages,
thermometers, arrows, kropki dots, odd/even, diagonals), what is not recognised carried as
`Other`, hostile payloads refused with a position and never inflated past the bound."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.errors import FormatError
from pycore.formats import tools
from pycore.formats.tools import penpa
from pycore.formats.tools._common import MAX_OUTPUT
from pycore.variants import Arrow, Cage, Clue, Dot, Line, Mark, Other, Rule

COMBO_P = ('vVZNb9tGEL3rVwR7ngLcDy65vKVpnUvqNJWLwCAEg5aZWIhkppTUBDSc3543u0uZFBkUuRSUqJm3yzcf3JnR/njXfDqSw6Vz'
           'Skji0nniv7nhjwTK+NXmsK2LF/TyeLhvWghEby8u6EO13deLkvfgWi1KIQUJha8Uq2/d8lspBMnV4rH7q3jsbopy9UTd389i'
           '/iwui0fcL4tHYbQoPJH0NCSMYQCsJyBlQPcAnpN4LneK4ReKdzJ4DVAmFqAmsd60621980aQAoOULsD7f45Ve4KtYYr8tHu5'
           '7HH2aQ5nT9QMzlbPcbh04aNU/n5VlKXWpA3plIwjq1Yr6jTQTFGmKcMbyEgmyL/UvPQbMkVd4u+pv7/xRL9znLkl6RAUjCqp'
           'SCl4xrJKSek8yHjJKpVBTiUpi8SybA2pLAtylpFySZAdjkKCyCHL3JFKkB3GE/DLyC/BryK/Ar+J/Ab8aeRPwW8jvwV/Hvlx'
           'zJQL/PiFLWTN87D/EVcacuRR4BnGpfr9FnLkV+Af+qNiThT819Guhl0d/bSchxiXhV0b7VrYHebHRrsWdm20a2F3GJeNdi3s'
           '2mjXwm4W7Mpc4x1hP96PgIAkwglWIITIvOJfGR73isbzKXzySspORYKQyZ4gB4HrCVyKXPYECaqYKyPYgccJogp24KZEKF4x'
           'yAnnLdhBIgycDnYQfdoTZBxyT5CDIIsEGucUQB8cvJacVRzP9/6QvgoVSrnjpxOKCkfmFQ2FqbxiyHHRB8VihWP2SgaFI/MK'
           'GpeJCvZDiQQQyPVs2EKOT71XcOxRUb0GbufYZ684XuJAvZZjKZLzE7wWneVdJxWhGR+gReHioKcp4cXgBHAPlVy2GTe4xaJE'
           'utFefZPlK51o4+v/RH6RicONpMEdbRwdW+yb7c3+2H6o1rUofKNHtwT2cNzd1u0I2jbN5+3mYbxv8/GhaevZJQbru49z+2+b'
           '9u6M/Uu13Y6A0LNHUOizI+jQbkZ61bbNlxGyqw73I+C2OmDM7e83n8dM9cNh7MChGrtYfarOrO2eY35aiK/CfzFwJBkeh67o'
           '3lH3Osy5fmBS9w7z8I+iu+RxGEYn93i/CWMFjf4kvvfrLL2KwzKBfMkyK5CvIY/HUvdnUXaYeWzpV/88i2LX/AtX/Tz1+rrZ'
           '3SKYUgzSEVbC/4V+OvM8exkcXs44rJ8dZjE4zNLE4eDcwF9MYyZid69+6C4n7ifcdaun8CKSn/o3Ev5bhD8T0/kd5vV/jea+'
           'GXZvh91w2DhOXeJrLLymna09wDPlB3S2zCI+qTTgk5pig9OyAjpTWUDPiwvQtL4ATkoM2A+qjFnPC429Oq81NjUpNzY1rDh0'
           'MC99Bw==')
"""A 9x9 with givens, a thermometer, an arrow, a killer cage of 22, kropki dots, odd and even
cells and both diagonals: the test link of lisudoku/sudoku_formats (src/formats/penpa,
decoder test, its expected constraints listed beside it)."""
COMBO = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=" + COMBO_P

LMI_DIAGONAL = ("https://logicmastersindia.com/penpa-edit/?m=solve&p=zVZvb9u2E37vT0EQ6Dv+ElHUf2AY0rTdi1+bdU2HojCM"
                "gLHVRKj+eJLcpg7az97njnItyx6GDRgw2CaPD8m75468o7vNqvm4Udqjr0kUenwCnfDPTyL+aeA087boyzwTififeFbYu6a2"
                "pbhmDSJ9SNXFpr9v2ky8ORP/31S2zTtbq/u+X3fZ+XnZ3BXLynZ93nZFvSrs2bKpzsviU37+87Kp+7zrf7p+5Xt+4Gn1urTL"
                "XFixKu6KXnxom0po0TciFUWNLrfLe5FX6/6LWOZlCVD097m4a4uV6BrItndr3H67Xue27UT+YJd9+UU0NZRjDy9pm89P/Eux"
                "bMpNVQtbr4R5MKLZ9GVR5ytx2zycPfGf4fucVlcW+0De+U68AUDz3tiI7Jn69cUL9cGWXT6bUwzxW8zmUkslffy0XHyT7gTk"
                "N4bTxexx+yZ73N5k88VXtf19LyZ78Tp7RHuVPUoTyGwun0oVKBnJhZJBRICRMEXqAaQERHsg1ASkI4BXBHsg4hXxCAgJAOMd"
                "ELPZkY7Em+hIWMeIh/b8CRHtmckm7bHeZIywP+EYiY80JxN6WrOei31YtM9OjvUYpoyY7xG2NfJKB1PH9VE4tYvnmLML6FiP"
                "i+hYT8QMf1jHcWo+1Pe7Q42VtC3u5s01UqrHuh9+hUcz2PeCd/vcvsUtUVvD7TNuPW5Dbl/ymuew4/up8gMcgo/rGBjlhwgt"
                "yWGs/BiUSY41KgDCQHISKj+FcySnqTLa7UWvjO/2olcmcHvRKxMOe40PWwgw20JViRB+kiMPtuAW2wpgC4fJthJl6MqQHs+H"
                "LbcXvTJ0dCQblKzA7UUPW8PeCJUrGnhG8DEebMVka+RX7PSjhzzEIUYcxnzigX8M3+OBfwz+8eAvlU09+Kvhrx44a+I8ig8d"
                "HcvgqZ1O9Id+6Z1OxFA7X9BDHnzxYZdiC90IIhwIsZkHITHazfCR7WZQvY03zEBwBnnAkdzNGMzQ8fAA52Poyjo7CKYBYR5E"
                "UB2AmbOD8PxYltCdgY/ODgKdwBlnB957OAEewAUOizOKO+TvjIYImIGj2sf1fMeX9JLbgNuIL29MBXA2mwchv1PjD71S/yGE"
                "6vzwNF41bWVL1PthfNm0dd6Oxnndt7lE6ZddU950m/YDXj+Z8cOhGKs31S22jKGyadb0RB2AxV3dtPnJKQLz1d2p9bdNu5po"
                "/2zL8gDo/tjgQT+AlkW7LA+hvi0OxlyoDpDK9vcHwK3t8aeiuy/Wh5oQlEMCvT2kaD/aibVq7/PXmXyQM4m/GGs5mxuciKGn"
                "Nc22F2r7iyu9uzdYbX/D2/oq217R0zqXXGxRJ3mRD/H5XnzH8yRdDvXbg3zl3oQA4nuI08K9fZ3Nt2+VJFNPWQGJsmo+ga6j"
                "QmOQvYVDczkKiZsZ/iMMFqneXzDj3cQJ3mbPm0THm6Qp78Ex4u0O9Oblv0A6XXx1R+L9rT8443fxn71yf1lMHoa0a9qTmQf4"
                "RPIBPZlkA36UZ8CPMooMHicV0BN5BXSaWoCOswvgUYIB+5McI63TNCNW00wjU0fJRqbG+TZfzFj6Dg==&q=eyJwaWQiOiJEa"
                "WFnb25hbCA5eDkiLCJwdHMiOiI3IC8gNyIsImNpZCI6IlNNMjAyNDAxIiwiaWZyYW1lIjp0cnVlfQ==")
LMI_KROPKI = ("https://logicmastersindia.com/penpa-edit/?m=solve&p=zVZvb9u2E37vT0EQ6Dsu0X9LAoYhTdcB+61dN2coCsMI"
              "aJmJtciiJ1GN66D97H2OYn6xbGXDBgwYZJOnh8fnjjzeUW230nedyITviTAVnvDxhKknIj8VUdT/PfdclaZSOfMT9g37X6O3"
              "dyWb2fks22XiojNr3eTsR6UMm8nNVhqxNmbb5ufnlb4ti41sjWrasl6V8qzQm/Oq/KjOvyt0bVRrvp29Cbwg8iLxrpKFYpKt"
              "ytvSsJtGb5jPjGYZK2t0ShZrpjZb84kVqqoAMrNW7LYpV6zVkKXpdfr5crtVsmmZ2snCVJ+YrkGOOVal0fcvgktW6Krb1EzW"
              "KxbuQqY7U5W1WrGl3p2xF8Er/C5Wv8Or2libLdvI5g4K96VZw9P7dWkUK8qmqNBhPRIG0Leq6AwW2bvSnrE/ZVli3XdHLK2b"
              "ChOqUXDecbESI7pbQlPf2PVrNE0/eMauADiipTL3StXYQlpewApZA6NZCmYxBYvXXQPfsJdb3bYlkfaTWyZhtPfyTPz8+rW4"
              "kVWrJnO/PxGLyZz7XPAAf58vvvD+OPEvFs4Wk4f9r/nD/jqfLz6L/W9PYvokzvIHtG/zBx6kPJ/zCy4iwRO+EDxMCHj5CEDN"
              "t8ofHpWngssGMbye4eQZLoLHSWMDkUcjgeD92q5nM4f7wTgeToGnp3jsj+sn3jg+Jf4Rnmk0rp+S3VM89sJxPBv3P/HG/Un8"
              "eNSfxB/fnyTIxvHwGbvxuJ9JTHZH8OQZ/in5P+LnlEI/op8+w//c/mRj+jher+0hC2x7hUMq9qFtX9nWs21s25+szvd0HP1A"
              "BAEIwYdeBCGcJBlFNaADQ3LsiyBB0ElOIhFMEWiSp1MRZFgsyRnqMAUaMnoRUlBI9hMRUiBIxwc/nX9rC/yR44/AHzv+GPyJ"
              "40/Anzp+lPYg6/nRw5bj98Dv9/zoRUjBtZzE7+xGGfgdTwyew3XFTj/GPtABsHI49IcOgJXhf9zbRQ/Z+ZmSn25dKeymzm4K"
              "uwf7E2TObga7FFwrw+7BuoLM2c1glwJtZdjNyC6C9t6G7tK2kW0TG9IpVaXJZI69PH7i/xZCxdddv291s5EVirB7v9RNrZqD"
              "d1w5jeKox7zV1XXbNTe4hnhuq7mwWN1tlpiSm6ZzSKX1lq7BgVp5W+tGjQ4RqFa3Y/pL3ayI/GDgXlbVAGj/6HDZDKA+MQeQ"
              "acrBu63yA2QjzXoALKXBZ0u7LrdDJuzJ0AEjhy7KO3lkbfO05s8TvuMTjs+YLZ/MQ/pqousuy/cXYv8Drq2De1Hsf8F99ybf"
              "f6Drbs45gkfFwyqhFKGC/F98b8dJuuxB34P8FnKCexDiB4jDSrZ/l8/3V4KToZd2Ool8oz/C2d4ReoerSyxnzg82pB9xt7az"
              "RyXwwvr7ODDidfjkNYm91yQde+2W9W97nS0+9xHx/tY3x+EnxT+r/H9ZSnYu6XQzmneAH1NviI7mmMNP0gz4SUKRwdOcAjqS"
              "VkCPMwvQaXIBPMkvYM+kGLEeZxl5dZxoZOok18jUYbrNFxMrfQU=&q=eyJwaWQiOiJLcm9wa2kgOXg5IiwicHRzIjoiOCBwb"
              "2ludHMiLCJjaWQiOiJTTTIwMjQwNCIsImlmcmFtZSI6ZmFsc2V9")
"""Logic Masters India's "Diagonal 9x9" (its grid cut from a 10x10 frame by one row and
column of space), quoted in the same repository's transformer test."""
"""Logic Masters India's "Kropki 9x9" (one row of space), from the same test."""


def _i(cell: str) -> int:
    r, c = cell[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def test_a_sudoku_with_every_common_kind_reads_element_by_element() -> None:
    found = tools.read(COMBO)
    puzzle = found.puzzle
    assert (found.format, found.warnings, puzzle.box) == ("penpa+", (), (3, 3))
    assert [(i, c.digit) for i, c in enumerate(puzzle.cells) if c.kind == "given"] == [
        (_i("r2c3"), 1), (_i("r2c4"), 2), (_i("r2c5"), 3)]
    assert set(puzzle.constraints) == {
        Cage([_i("r3c1"), _i("r3c2"), _i("r4c1"), _i("r4c2"), _i("r5c1"), _i("r5c2")], 22),
        Line("thermo", [_i("r1c6"), _i("r1c7"), _i("r1c8"), _i("r2c9"), _i("r3c9")]),
        Arrow([_i("r4c6")], [[_i(c) for c in ("r4c6", "r4c7", "r4c8", "r5c8", "r6c8", "r7c8")]]),
        Dot("white", [_i("r9c4"), _i("r9c5")]), Dot("white", [_i("r9c5"), _i("r9c6")]),
        Dot("black", [_i("r9c7"), _i("r9c8")]), Dot("black", [_i("r9c8"), _i("r9c9")]),
        Mark("odd", _i("r7c1")), Mark("even", _i("r8c1")),
        Rule("diagonal+"), Rule("diagonal-"),
    }


def test_a_grid_cut_from_a_larger_frame_keeps_its_givens_where_they_are() -> None:
    found = tools.read(LMI_DIAGONAL)
    puzzle = found.puzzle
    givens = {(i // 9, i % 9): c.digit for i, c in enumerate(puzzle.cells) if c.kind == "given"}
    assert len(givens) == 24
    assert {k: givens[k] for k in [(0, 1), (0, 4), (0, 6), (1, 0), (7, 8), (8, 2), (8, 4), (8, 7)]} == {
        (0, 1): 3, (0, 4): 6, (0, 6): 9, (1, 0): 4, (7, 8): 8, (8, 2): 9, (8, 4): 2, (8, 7): 1}
    assert {c for c in puzzle.constraints if not isinstance(c, Other)} == {Rule("diagonal+"),
                                                                        Rule("diagonal-")}
    # LMI's answer-key labels A and B (with their arrows) sit outside the grid: carried
    carried = {c.key: json.loads(c.data) for c in puzzle.constraints if isinstance(c, Other)}
    assert carried["penpa:number"] == {"114": ["A", 4, "6"], "34": ["B", 4, "6"]}
    assert any("(number, symbol)" in w for w in found.warnings)


def test_kropki_dots_of_a_one_sided_frame() -> None:
    dots = [c for c in tools.read(LMI_KROPKI).puzzle.constraints if isinstance(c, Dot)]
    whites = {d.cells for d in dots if d.kind == "white"}
    assert whites == {(_i("r3c3"), _i("r3c4")), (_i("r3c7"), _i("r4c7")), (_i("r6c3"), _i("r7c3")),
                      (_i("r7c6"), _i("r7c7"))}
    assert sum(d.kind == "black" for d in dots) == 19


def _link(lines: list[str], host: str = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=") -> str:
    """A penpa link of these lines (penpa's substitutions not applied: plain JSON reads alike)."""
    text = "\n".join(lines).replace("z", "zZ")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return host + base64.b64encode(deflate.compress(text.encode()) + deflate.flush()).decode()


HEAD = "sudoku,4,4,38,0,1,1,228,228,20,20,0,0,0,0,Title: Small%2C too,Author: Me,,Rows hold 1-4%2D.,OFF,false"


def _frame(row: int, col: int, n: int = 4) -> int:
    """The penpa point of a cell's centre on an n x n grid without spaces."""
    return (row + 2) * (n + 4) + col + 2


def test_jigsaw_regions_come_from_thick_edges_and_lines_from_grey_segments() -> None:
    n0 = 8
    total = n0 * n0

    def corner(r: int, c: int) -> int:  # the grid corner at line r, line c
        return total + (r + 1) * n0 + (c + 1)
    shapes = ["AAAB", "ABBB", "CCCD", "CDDD"]  # four L-shaped regions
    thick = {}
    for r in range(4):
        for c in range(4):
            if c < 3 and shapes[r][c] != shapes[r][c + 1]:
                thick[f"{corner(r, c + 1)},{corner(r + 1, c + 1)}"] = 2
            if r < 3 and shapes[r][c] != shapes[r + 1][c]:
                thick[f"{corner(r + 1, c)},{corner(r + 1, c + 1)}"] = 2
    grey = {f"{_frame(3, 0)},{_frame(3, 1)}": 5, f"{_frame(3, 1)},{_frame(3, 2)}": 5,
            f"{_frame(0, 3)},{_frame(1, 3)}": 8}
    q = {"number": {str(_frame(0, 0)): ["3", 1, "1"]}, "lineE": thick, "line": grey,
         "surface": {str(_frame(2, 2)): 1}}
    found = tools.read(_link([HEAD, "[0,0,0,0]", "[]", json.dumps(q), "{}"]))
    puzzle = found.puzzle
    assert (puzzle.title, puzzle.author, puzzle.rules) == ("Small, too", "Me", "Rows hold 1-4\n.")
    assert puzzle.regions is not None
    assert [puzzle.regions[i] for i in range(16)] == [
        {"A": 0, "B": 1, "C": 2, "D": 3}[ch] for row in shapes for ch in row]
    assert puzzle.cells[0].digit == 3
    assert Line("palindrome", [12, 13, 14]) in puzzle.constraints
    others = {c.key for c in puzzle.constraints if isinstance(c, Other)}
    assert others == {"penpa:line", "penpa:surface"}  # a red line and a shaded cell, carried
    assert any("palindrome" in w for w in found.warnings)


def test_the_solvers_digits_are_values() -> None:
    q = {"number": {str(_frame(0, 0)): ["3", 1, "1"]}}
    a = {"number": {str(_frame(0, 1)): ["4", 2, "1"], str(_frame(0, 0)): ["1", 2, "1"]}}
    puzzle = tools.read(_link([HEAD, "[0,0,0,0]", "[]", json.dumps(q), json.dumps(a)])).puzzle
    assert [(c.kind, c.digit) for c in puzzle.cells[:2]] == [("given", 3), ("value", 4)]


def test_a_deflate_bomb_is_refused_before_it_grows() -> None:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = deflate.compress(b"0" * (MAX_OUTPUT + 10)) + deflate.flush()
    with pytest.raises(FormatError, match="at most"):
        penpa.penpa_text(base64.b64encode(bomb).decode())


@pytest.mark.parametrize(("p", "position"), [
    ("abc$def", 3), ("@", 0),
])
def test_hostile_payloads_are_refused_at_a_position(p: str, position: int) -> None:
    with pytest.raises(FormatError) as caught:
        tools.read("https://swaroopg92.github.io/penpa-edit/#m=solve&p=" + p)
    assert caught.value.pos == position


@pytest.mark.parametrize("lines", [
    ["square,4,4"], ["hex,4,4,38,0,1,1,1,1,1,1,0,0,0,0", "[0,0,0,0]", "[]", "{}"],
    [HEAD, "[0,0]", "[]", "{}"], [HEAD, "[0,0,0,0]", "[]", "[1]"],
    [HEAD.replace("sudoku,4,4", "sudoku,5,4"), "[0,0,0,0]", "[]", "{}"],
    [HEAD.replace("sudoku,4,4", "sudoku,999999999,4"), "[0,0,0,0]", "[]", "{}"],
    ["1,2,3"],
])
def test_texts_of_other_shapes_are_refused_by_name(lines: list[str]) -> None:
    with pytest.raises(FormatError) as caught:
        tools.read(_link(lines))
    assert caught.value.format == "penpa+"


@pytest.mark.parametrize("q", [
    {"thermo": [[1, 2], "x", [None]], "arrows": [[10 ** 9]], "killercages": [[-5], "y"]},
    {"symbol": {"x": 1, "5": None}, "number": {"-1": ["1"], "9999999": []}, "numberS": {"1": 5}},
    {"line": {"1,2,3": 5, "a,b": 5}, "lineE": {"x": 2, "1": None}, "surface": [1, 2]},
])
def test_hostile_layers_are_carried_or_refused_never_a_traceback(q: dict[str, object]) -> None:
    try:
        found = tools.read(_link([HEAD, "[0,0,0,0]", "[]", json.dumps(q), "{}"]))
    except FormatError as err:
        assert err.format in ("penpa+", "import")
        return
    assert all(len(c.data) <= 4000 for c in found.puzzle.constraints if isinstance(c, Other))


def test_the_old_hosts_link_reads_the_same() -> None:
    assert tools.read(COMBO.replace("swaroopg92.github.io", "opt-pan.github.io")).puzzle == \
        tools.read(COMBO).puzzle
    query = COMBO.replace("#m=solve&p=", "?m=solve&p=")
    assert tools.read(query).puzzle == tools.read(COMBO).puzzle


KEYS = st.integers(-2, 8 * 8 * 8 + 5).map(str)
WORDS = st.sampled_from(["circle_SS", "circle_L", "3", "X"])
ITEMS = st.one_of(st.integers(-1, 12), st.text(max_size=3),
                  st.lists(st.one_of(st.integers(-1, 12), WORDS), max_size=3))
LAYERS = st.fixed_dictionaries({}, optional={
    "number": st.dictionaries(KEYS, ITEMS, max_size=6), "numberS": st.dictionaries(KEYS, ITEMS, max_size=4),
    "symbol": st.dictionaries(KEYS, ITEMS, max_size=6),
    "line": st.dictionaries(st.tuples(KEYS, KEYS).map(",".join), st.integers(0, 12), max_size=6),
    "lineE": st.dictionaries(st.tuples(KEYS, KEYS).map(",".join), st.integers(0, 21), max_size=10),
    "thermo": st.lists(st.lists(st.integers(0, 70), max_size=4), max_size=3),
    "arrows": st.lists(st.lists(st.integers(0, 70), max_size=4), max_size=3),
    "killercages": st.lists(st.lists(st.integers(0, 70), max_size=5), max_size=3),
    "surface": st.dictionaries(KEYS, st.integers(0, 9), max_size=3)})


@settings(max_examples=150, deadline=None)
@given(q=LAYERS)
def test_any_setter_layer_is_read_carried_or_refused_by_name(q: dict[str, object]) -> None:
    try:
        found = tools.read(_link([HEAD, "[0,0,0,0]", "[]", json.dumps(q), "{}"]))
    except FormatError as err:
        assert err.format in ("penpa+", "import")
        return
    assert found.puzzle.size == 4


def test_numbers_outside_the_grid_are_sandwich_clues_when_the_rules_say_so() -> None:
    head = HEAD.replace("Rows hold 1-4%2D.", "Sandwich sums outside")
    q = {"number": {str(_frame(-1, 1)): ["5", 1, "1"], str(_frame(2, -1)): ["0", 1, "1"]}}
    puzzle = tools.read(_link([head, "[0,0,0,0]", "[]", json.dumps(q), "{}"])).puzzle
    assert {(c.kind, c.row, c.col, c.value) for c in puzzle.constraints if isinstance(c, Clue)} == {
        ("sandwich", -1, 1, 5), ("sandwich", 2, -1, 0)}
    plain = tools.read(_link([HEAD, "[0,0,0,0]", "[]", json.dumps(q), "{}"])).puzzle
    assert [c.key for c in plain.constraints if isinstance(c, Other)] == ["penpa:number"]
    assert len(plain.constraints) == 1  # no rule said so: carried
