/// The exact output of `navtape demo` in an empty directory (the README quotes part of it).
/// Update it only together with a deliberate change of the demo, its scripts, or the formatters.
let demoGolden = """
    NavTape demo: the Calendar Paste app (seed 001) on an iPhone Plus, on an iPad, and without its delegate

    recorded navtape-demo.navtape       41 events · 17 commands · iphone-plus · calendar-paste · 12 expectations hold
    recorded navtape-demo-ipad.navtape  36 events · the same 17 commands re-decided on an ipad (navtape fork --device ipad)
    recorded navtape-demo-stale.navtape 24 events · 9 commands · iphone-plus · none · 4 expectations hold

    ━━ 1. Time travel through navtape-demo.navtape ━━

    after @12 (+1.000s): launch in portrait: compact, so the split collapses; the delegate discards the empty detail
    collapsed · compact 414×736 phone · button: hidden
    ┌─ collapsed: one stack ───────────────────────────────────────┐
    │ MN                                                           │
    │ └─ M ◀                                                       │
    └──────────────────────────────────────────────────────────────┘
    hierarchy: MN[M]

    after @18 (+3.500s): select a paste: showDetail is pushed onto the list's stack (SH-9)
    collapsed · compact 414×736 phone · button: hidden
    ┌─ collapsed: one stack ───────────────────────────────────────┐
    │ MN                                                           │
    │ ├─ M                                                         │
    │ └─ PasteNC1                                                  │
    │    └─ PasteDetail ◀                                          │
    └──────────────────────────────────────────────────────────────┘
    hierarchy: MN[M, PasteNC1[PasteDetail]]

    after @25 (+12.500s): rotate to landscape: the split separates and keeps the paste (EX-1, SEED-CP)
    expanded · allVisible · regular 736×414 phone · button: → primaryHidden
    ┌─ primary · 245.3 pt ─┐┌─ secondary ──────────────────────────┐
    │ MN                   ││ PasteNC1                             │
    │ └─ M ◀               ││ └─ PasteDetail ◀                     │
    └──────────────────────┘└──────────────────────────────────────┘
    hierarchy: MN[M] | PasteNC1[PasteDetail]

    after @40 (+33.500s): rotate to landscape after Back: the delegate installs a fresh NoSelectionNC (EX-1.3)
    expanded · allVisible · regular 736×414 phone · button: → primaryHidden
    ┌─ primary · 245.3 pt ─┐┌─ secondary ──────────────────────────┐
    │ MN                   ││ NoSelectionNC                        │
    │ └─ M ◀               ││ └─ NoSelection ◀                     │
    └──────────────────────┘└──────────────────────────────────────┘
    hierarchy: MN[M] | NoSelectionNC[NoSelection]

    diff across the rotation, after @22 → after @25: 7 changes
      traits: compact 414×736 phone → regular 736×414 phone
      isCollapsed: true → false
      displayMode: primaryHidden → allVisible
      secondary: none → PasteNC1
      primaryColumnWidth: 138 → 245.3
      MN stack: [M, PasteNC1] → [M] (removed PasteNC1)
      visible: [MN, PasteNC1, PasteDetail] → [MN, M, PasteNC1, PasteDetail]

    navtape-demo.navtape: 41 events, 17 commands over 33.500s (demo-iphone-plus · iphone-plus · calendar-paste)
    collapses: 2 (1 at launch) · separates: 2 · deepest stack: 2
    rejected: none · ignored: none
    time by display mode: collapsed 16.500s · allVisible 14.000s · primaryHidden 2.000s
    time on screen: PasteDetail 26.000s · M 18.500s · Shift 2.000s
    bugs: none

    ━━ 2. The same commands on an iPad (a what-if fork) ━━
    the iPad never collapses: rotations only re-resolve the display mode (SZ-4, DM-8); Back at the root is ignored (NV-2)
    expanded · allVisible · regular 1024×768 pad · button: → primaryHidden
    ┌─ primary · 320 pt ─┐┌─ secondary ────────────────────────────┐
    │ MN                 ││ PasteNC2                               │
    │ └─ M ◀             ││ └─ PasteDetail ◀                       │
    └────────────────────┘└────────────────────────────────────────┘
    hierarchy: MN[M] | PasteNC2[PasteDetail]
    final states, iPhone Plus → iPad: 10 changes
      traits: regular 736×414 phone → regular 1024×768 pad
      secondary: NoSelectionNC → PasteNC2
      primaryColumnWidth: 245.3 → 320
      rememberedSecondary: PasteNC2 → none
      NoSelectionNC stack: [NoSelection] → [] (removed NoSelection)
      NoSelectionNC left the hierarchy
      NoSelection left the hierarchy
      PasteNC2 entered the hierarchy
      PasteDetail entered the hierarchy
      visible: [MN, M, NoSelectionNC, NoSelection] → [MN, M, PasteNC2, PasteDetail]
    bugs: none

    ━━ 3. Without the delegate: the stale detail (BUG-6) ━━
    select a paste in landscape, rotate to portrait (the collapse pushes it onto MN), Back, rotate again:
    bugs: 1 (BUG-6 ×1)
      @23 BUG-6 #4: stale detail PasteNC1[PasteDetail] restored although the user left it
    expanded · allVisible · regular 736×414 phone · button: → primaryHidden
    ┌─ primary · 245.3 pt ─┐┌─ secondary ──────────────────────────┐
    │ MN                   ││ PasteNC1                             │
    │ └─ M ◀               ││ └─ PasteDetail ◀                     │
    └──────────────────────┘└──────────────────────────────────────┘
    hierarchy: MN[M] | PasteNC1[PasteDetail]
    navtape-demo-stale.navtape: the secondary column after @23 (24 of 24 events) is PasteNC1[PasteDetail]
    set by @23 +12.000s separated MN | PasteNC1 (rememberedStale) (was none)
    Calendar Paste's delegate answers the same rotation with a fresh NoSelectionNC (part 1, last stop).

    Explore:
      navtape state navtape-demo.navtape --at 18
      navtape log navtape-demo.navtape
      navtape timeline navtape-demo.navtape
      navtape blame navtape-demo-stale.navtape secondary
      navtape fork navtape-demo-stale.navtape --at start --policy calendar-paste -o fixed.navtape

    Open these sessions in your browser (the library: filter, scrub, diff, blame, what-if, live while recorded):
      navtape serve . --open

    """
