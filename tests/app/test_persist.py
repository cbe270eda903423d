"""Saved grids: slots, the current pointer, the recent list and what a page load shows."""

from __future__ import annotations

import json

from hypothesis import given as hypothesis_given
from hypothesis import settings
from hypothesis import strategies as st

from pycore import links
from pycore.app.editor import start_mode
from pycore.app.persist import (
    CURRENT,
    LABEL_TITLE,
    LEASE,
    LEASE_MS,
    MAX_RECENT,
    PREFIX,
    DictStore,
    Entry,
    Shelf,
    identity,
    is_blank,
    label,
    label_title,
    plan_load,
    written_elsewhere,
)
from pycore.model import BLACK, Puzzle, black, candidates, given, value


def puzzle_p() -> Puzzle:
    return Puzzle.blank("sudoku", 9).with_cells({0: given(5), 10: given(3), 40: given(7)})


def puzzle_q() -> Puzzle:
    return Puzzle.blank("str8ts", 6).with_cells({0: BLACK, 5: black(3), 7: given(4)})


def state(p: Puzzle) -> str:
    return links.share(p).fragment


def saved(shelf: Shelf, slot: str, p: Puzzle, time: float) -> Entry:
    entry = Entry(slot, state(p), identity(p), time, label(p))
    shelf.save(entry)
    return entry


# -- identity and labels ----------------------------------------------------------


def test_identity_follows_a_grid_edit_by_edit_as_if_each_were_asked_afresh() -> None:
    """The page asks on every edit, and the answer for a state that differs from the last
    one only in the player's entries is the last answer (`same_setup`): every kind of edit,
    in any order, gives what the setup's own encoding gives."""
    from pycore.app import persist
    from pycore.model import Cell

    p = puzzle_p()
    edits: list[tuple[int, Cell]] = [
        (1, value(4)), (2, candidates([1, 2])), (1, value(6)), (3, given(9)), (3, value(9)),
        (2, Cell("empty", 0, frozenset(), frozenset({1, 2}))), (2, value(8)), (0, value(5)),
        (1, Cell()), (40, given(7)), (40, given(8))]
    for cell, content in edits:
        p = p.with_cell(cell, content)
        assert identity(p) == links.best(p.unplayed)[1], (cell, content)
    played = puzzle_p().with_cell(1, value(4))
    assert persist.same_setup(puzzle_p(), played)
    assert not persist.same_setup(played, played.with_cell(2, given(1)))
    assert not persist.same_setup(played, played.with_info(title="A title"))


def test_identity_is_the_givens_and_shape_whatever_the_player_entered() -> None:
    p = puzzle_p()
    played = p.with_cells({1: value(4), 2: candidates([1, 2]), 3: value(9)})
    assert identity(played) == identity(p)
    assert played.unplayed == p
    assert links.read(identity(p))[1] == p  # the key is a fragment that reads back to the setup
    assert identity(p.with_cell(80, given(1))) != identity(p)  # another given: another puzzle
    assert identity(Puzzle.blank("sudoku", 9)) != identity(Puzzle.blank("sudoku", 4))
    q = puzzle_q()
    assert identity(q.with_cell(14, value(2))) == identity(q)
    assert identity(q.with_cell(14, BLACK)) != identity(q)  # black cells are part of the setup


def test_blank_and_labels() -> None:
    assert is_blank(Puzzle.blank("sudoku", 9))
    assert not is_blank(Puzzle.blank("sudoku", 9).with_cell(3, candidates([2])))
    p = puzzle_p().with_cells({1: value(4), 2: candidates([1])})
    assert label(p) == "Sudoku 9x9, 3 givens, 1/78 filled"
    assert label(puzzle_q()) == "Str8ts 6x6, 1 givens, 0/33 filled"


def test_a_titled_puzzles_label_leads_with_its_title_bounded_and_cleaned() -> None:
    p = puzzle_p().with_cells({1: value(4), 2: candidates([1])})
    assert label(p.with_info("Miracle", "Mitchell", "Normal rules")) == \
        "\u201cMiracle\u201d: Sudoku 9x9, 3 givens, 1/78 filled"
    assert label(p.with_info("", "Only an author")) == label(p)  # no title: as before
    assert label(p.with_info("   ")) == label(p)  # nothing left once cleaned
    # direction controls would turn the label's words around; runs of spaces are one
    assert label_title("  Left \u202eright\u2066  and \u200fback  ") == "Left right and back"
    assert label_title("\u202e\u2067") == ""
    long = "A" * 38 + " Z" + "x" * 60  # 100 characters, the model's bound
    assert label_title(long) == "A" * 38 + "\u2026"  # cut, the space before the cut dropped
    assert len(label_title("B" * 100)) == LABEL_TITLE
    assert label_title("x" * LABEL_TITLE) == "x" * LABEL_TITLE  # at the bound: whole
    astral = "\U0001f9e9" * 50
    assert label_title(astral) == "\U0001f9e9" * (LABEL_TITLE - 1) + "\u2026"
    # the label survives the store as it is
    titled = p.with_info("\u201cQuoted\u201d \"title\" \\ here")
    entry = Entry("s", state(titled), identity(titled), 1.0, label(titled))
    assert Entry.load("s", entry.dump()) == entry
    assert entry.label.startswith("\u201c\u201cQuoted\u201d \"title\" \\ here\u201d: ")


# -- the shelf ----------------------------------------------------------------------


def test_entries_round_trip_and_foreign_or_broken_items_are_ignored() -> None:
    store = DictStore()
    shelf = Shelf(store)
    entry = saved(shelf, "a", puzzle_p(), 1000.0)
    assert shelf.get("a") == entry
    assert store.get(CURRENT) == "a"
    store.set("other-app", "x")
    for slot, text in (("b", "not json"), ("c", "[1, 2]"), ("d", json.dumps({"state": "", "key": "k",
                       "time": 1})), ("e", json.dumps({"state": "s", "key": "k", "time": "soon"})),
                       ("f", json.dumps({"state": "s", "key": "k", "time": float("nan")})),
                       ("g", json.dumps({"state": "s", "key": "k", "time": True}))):
        store.set(PREFIX + slot, text)
    assert shelf.entries() == [entry]


def test_an_entry_keeps_the_mode_its_grid_opens_in_and_an_older_entry_reads_without_it() -> None:
    store = DictStore()
    shelf = Shelf(store)
    drawn = Puzzle.blank("str8ts", 6).with_cells({0: BLACK, 7: BLACK})
    entry = Entry("d", state(drawn), identity(drawn), 5.0, label(drawn), start_mode(drawn))
    shelf.save(entry)
    assert shelf.get("d") == entry and entry.opens == "given"
    assert json.loads(store.get(PREFIX + "d") or "")["opens"] == "given"  # what web/main/early.js reads
    older = {"state": state(drawn), "key": identity(drawn), "time": 4.0, "label": "x"}
    store.set(PREFIX + "e", json.dumps(older))
    assert shelf.get("e") == Entry("e", state(drawn), identity(drawn), 4.0, "x", "")


def test_the_list_is_newest_first_and_trimmed_without_dropping_the_slot_in_use() -> None:
    store = DictStore()
    shelf = Shelf(store, limit=3)
    p = puzzle_p()
    for n in range(5):
        saved(shelf, f"s{n}", p.with_cell(80, given(n + 1)), float(n))
    assert [e.slot for e in shelf.entries()] == ["s4", "s3", "s2"]
    # a tab still working in an old slot saves it again: it becomes the newest
    saved(shelf, "s2", p.with_cell(79, value(1)), 10.0)
    assert [e.slot for e in shelf.entries()] == ["s2", "s4", "s3"]
    # a slot dropped by trimming comes back whole when its tab saves it again
    saved(shelf, "s0", p, 11.0)
    assert [e.slot for e in shelf.entries()] == ["s0", "s2", "s4"]
    assert MAX_RECENT == 20


def test_new_slot_ids_never_collide() -> None:
    shelf = Shelf(DictStore())
    first = shelf.new_slot(1_700_000_000_000, salt=7)
    saved(shelf, first, puzzle_p(), 1.0)
    second = shelf.new_slot(1_700_000_000_000, salt=7)
    assert second != first and second.startswith(first)
    assert shelf.new_slot(1_700_000_000_000, salt=8) != first


def test_current_falls_back_to_the_newest_slot_when_the_pointer_is_stale() -> None:
    store = DictStore()
    shelf = Shelf(store)
    assert shelf.current() is None
    saved(shelf, "a", puzzle_p(), 5.0)
    saved(shelf, "b", puzzle_q(), 3.0)
    assert shelf.current() is not None and shelf.current().slot == "b"  # type: ignore[union-attr]
    shelf.forget("b")
    assert shelf.current().slot == "a"  # type: ignore[union-attr]


# -- what a load shows ----------------------------------------------------------------


def test_no_link_restores_the_current_grid_or_starts_blank() -> None:
    shelf = Shelf(DictStore())
    assert plan_load(shelf, None, now=1.0).action == "blank"
    entry = saved(shelf, "a", puzzle_p().with_cell(1, value(4)), 2.0)
    plan = plan_load(shelf, None, now=3.0)
    assert (plan.action, plan.slot, plan.state) == ("restore", "a", entry.state)


def test_a_link_to_a_saved_state_reuses_its_slot() -> None:
    shelf = Shelf(DictStore())
    p = puzzle_p().with_cell(1, value(4))
    saved(shelf, "a", p, 2.0)
    saved(shelf, "b", puzzle_q(), 3.0)
    plan = plan_load(shelf, (state(p), identity(p)), now=4.0)
    assert (plan.action, plan.slot) == ("open", "a")


def test_a_link_to_another_puzzle_gets_a_new_slot_and_the_saved_one_stays() -> None:
    shelf = Shelf(DictStore())
    mine = saved(shelf, "a", puzzle_p().with_cell(1, value(4)), 2.0)
    q = puzzle_q()
    plan = plan_load(shelf, (state(q), identity(q)), now=4.0, salt=3)
    assert plan.action == "open" and plan.slot not in (None, "a") and plan.saved is None
    assert shelf.entries() == [mine]  # deciding writes nothing


def test_a_link_to_a_puzzle_with_other_saved_progress_asks_and_keeps_both() -> None:
    shelf = Shelf(DictStore())
    p = puzzle_p()
    progress = saved(shelf, "a", p.with_cells({1: value(4), 2: value(6)}), 2.0)
    plan = plan_load(shelf, (state(p), identity(p)), now=4.0)
    assert plan.action == "ask" and plan.saved == progress
    assert plan.slot != "a" and plan.state == state(p)
    assert plan.slot is not None
    saved(shelf, plan.slot, p, 4.0)  # the page saves the link's state in its own slot
    assert {e.slot for e in shelf.entries()} == {"a", plan.slot}
    assert shelf.get("a") == progress


def test_a_link_with_both_an_exact_and_a_different_saved_state_does_not_ask() -> None:
    shelf = Shelf(DictStore())
    p = puzzle_p()
    saved(shelf, "a", p.with_cell(1, value(4)), 2.0)
    saved(shelf, "b", p, 1.0)
    plan = plan_load(shelf, (state(p), identity(p)), now=4.0)
    assert (plan.action, plan.slot) == ("open", "b")


@settings(max_examples=60)
@hypothesis_given(st.lists(st.tuples(st.sampled_from("abcdefgh"), st.integers(0, 3),
                                     st.integers(1, 9)), max_size=40),
                  st.integers(1, 6))
def test_saving_never_touches_another_slot_and_never_exceeds_the_limit(
    saves: list[tuple[str, int, int]], limit: int,
) -> None:
    """Whatever order tabs save in, a slot holds what its own tab saved last, if it is kept."""
    shelf = Shelf(DictStore(), limit=limit)
    last: dict[str, Entry] = {}
    for time, (slot, cell, digit) in enumerate(saves):
        p = puzzle_p().with_cell(70 + cell, value(digit))
        last[slot] = saved(shelf, slot, p, float(time))
        kept = shelf.entries()
        assert len(kept) <= limit
        assert kept[0] == last[slot]  # the slot just saved is always kept, and newest
        for entry in kept:
            assert entry == last[entry.slot]


# -- tabs: forks and leases ------------------------------------------------------------


def test_an_entry_says_which_tab_wrote_it_and_an_older_entry_reads_without_it() -> None:
    shelf = Shelf(DictStore())
    p = puzzle_p()
    shelf.save(Entry("a", state(p), identity(p), 1.0, label(p), "value", "tab1"))
    assert shelf.get("a").tab == "tab1"  # type: ignore[union-attr]
    shelf.store.set(PREFIX + "old", json.dumps({"state": state(p), "key": identity(p), "time": 2}))
    assert shelf.get("old").tab == ""  # type: ignore[union-attr]


def test_a_tab_forks_only_when_another_tab_wrote_a_state_it_never_saw() -> None:
    p = puzzle_p()
    opened, mine, theirs = state(p), state(p.with_cell(1, value(4))), state(p.with_cell(2, value(7)))

    def stored(st: str, tab: str) -> Entry:
        return Entry("a", st, identity(p), 1.0, tab=tab)

    # the slot as this tab found or left it: its own to write
    assert not written_elsewhere(stored(opened, "other"), opened, "me", mine)
    # another tab typed a digit there since: saving over it would lose that digit
    assert written_elsewhere(stored(theirs, "other"), opened, "me", mine)
    # a save of this tab's own that has not landed (or that a full storage refused)
    assert not written_elsewhere(stored(opened, "me"), theirs, "me", mine)
    # the same state as the one being saved loses nothing; a dropped slot is written again
    assert not written_elsewhere(stored(mine, "other"), opened, "me", mine)
    assert not written_elsewhere(None, opened, "me", mine)


def test_a_slot_an_open_tab_holds_is_never_trimmed_and_a_killed_tabs_lease_runs_out() -> None:
    store = DictStore()
    shelf = Shelf(store, limit=2)
    p = puzzle_p()
    saved(shelf, "held", p.with_cell(80, given(1)), 1.0)
    shelf.lease("tab1", "held", now=1.0)
    for n in range(3):
        saved(shelf, f"s{n}", p.with_cell(80, given(n + 2)), 2.0 + n)
    # the oldest, but a tab works in it: the newer ones go first
    assert [e.slot for e in shelf.entries()] == ["s2", "held"]
    assert shelf.in_use(now=5.0) == {"held"}
    # the tab closes: its slot is an ordinary old grid, dropped at the next save
    shelf.release("tab1")
    saved(shelf, "s3", p.with_cell(80, given(6)), 6.0)
    assert [e.slot for e in shelf.entries()] == ["s3", "s2"]
    # a tab killed without a word: its lease runs out, and is removed when seen
    shelf.lease("tab2", "s2", now=6.0)
    assert shelf.in_use(now=6.0 + LEASE_MS - 1) == {"s2"}
    assert shelf.in_use(now=6.0 + LEASE_MS) == set()
    assert [k for k in store.names() if k.startswith(LEASE)] == []
    # a lease that is not ours, or from a clock far ahead, holds nothing
    store.set(LEASE + "x", "[1, 2]")
    store.set(LEASE + "y", json.dumps({"slot": "s3", "until": 1e18}))
    assert shelf.in_use(now=7.0) == set()


def test_a_doubted_grid_gives_the_current_pointer_back() -> None:
    store = DictStore()
    shelf = Shelf(store)
    saved(shelf, "mine", puzzle_p().with_cell(1, value(4)), 1.0)
    cut = puzzle_q()
    shelf.save(Entry("cut", state(cut), identity(cut), 2.0, label(cut)))
    assert store.get(CURRENT) == "cut"
    shelf.unpoint("cut", "mine")
    assert shelf.current().slot == "mine"  # type: ignore[union-attr]
    shelf.unpoint("cut", "elsewhere")  # no longer named: nothing changes
    assert store.get(CURRENT) == "mine"
    shelf.save(Entry("cut", state(cut), identity(cut), 3.0, label(cut)), point=False)
    assert store.get(CURRENT) == "mine"
