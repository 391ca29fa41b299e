-- NavTape facts, schema version 1 (docs/JSON.md, "Facts"; docs/facts.schema.json).
-- `navtape facts` writes these rows as JSONEachRow; `navtape ingest` posts them.
-- Runs on ClickHouse 18.16 (Debian's) and every later version: no Map, no codecs, no settings
-- that old servers lack. ReplacingMergeTree keyed by the session (and the command's index): a
-- log ingested twice gives the same keys, so once parts merge (or with FINAL) it counts once.
-- An unknown string is '' (key columns cannot be Nullable), a Boolean 0 or 1.

CREATE TABLE IF NOT EXISTS sessions
(
    schema UInt16,
    app String,
    appVersion String,
    build String,
    os String,
    deviceModel String,
    day Date,
    session String,
    log String,
    hash String,
    start Int64,
    device String,
    policy String,
    style String,
    parent String,
    parentSession String,
    forkIndex UInt64,
    events UInt64,
    commands UInt64,
    duration Int64,
    collapses UInt32,
    collapsesAtLaunch UInt32,
    separates UInt32,
    deepestStack UInt32,
    divergences UInt32,
    bugRules Array(String),
    bugCounts Array(UInt32),
    rejectedRules Array(String),
    rejectedCounts Array(UInt32),
    screens Array(String),
    screenTimes Array(Int64),
    displayModes Array(String),
    displayModeTimes Array(Int64)
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (app, day, session);

CREATE TABLE IF NOT EXISTS moments
(
    app String,
    appVersion String,
    build String,
    device String,
    day Date,
    session String,
    `index` UInt64,
    last UInt64,
    time Int64,
    command String,
    rules Array(String),
    bugs Array(String),
    diverged Array(String),
    divergences UInt32,
    rotation UInt8,
    sizeClass String,
    width Int32,
    height Int32,
    idiom String,
    collapsed UInt8,
    displayMode String,
    depthPrimary UInt32,
    depthSupplementary UInt32,
    depthSecondary UInt32,
    topPrimary String,
    topSupplementary String,
    topSecondary String,
    presented String
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (app, day, session, `index`);
