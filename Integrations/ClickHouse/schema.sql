-- NavTape facts, schema version 2 (docs/JSON.md, "Facts"; docs/facts.schema.json).
-- `navtape facts` writes these rows as JSONEachRow; `navtape ingest` posts them.
-- For ClickHouse 19.1 and later: no Map and no settings that old servers lack; the moments' columns
-- are compressed by codecs and LowCardinality (4.7 bytes a row instead of 24.5, docs/Fleet.md).
-- For 18.16 (Debian's), drop every CODEC(…) and write LowCardinality(T) as T: the engine test does
-- (its `common_subset`), and the answers are the same. ReplacingMergeTree keyed by the session (and
-- the command's index): a log ingested twice gives the same keys, so once parts merge (or with
-- FINAL) it counts once. An unknown string is '' (key columns cannot be Nullable), a Boolean 0 or 1.

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
    resyncs UInt32,
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
    app LowCardinality(String) CODEC(ZSTD(3)),
    appVersion LowCardinality(String) CODEC(ZSTD(3)),
    build LowCardinality(String) CODEC(ZSTD(3)),
    device LowCardinality(String) CODEC(ZSTD(3)),
    day Date,
    session String,
    `index` UInt64 CODEC(DoubleDelta, ZSTD(3)),
    last UInt64 CODEC(DoubleDelta, ZSTD(3)),
    time Int64 CODEC(Delta, ZSTD(9)),
    command LowCardinality(String) CODEC(ZSTD(3)),
    rules Array(LowCardinality(String)) CODEC(ZSTD(3)),
    bugs Array(LowCardinality(String)) CODEC(ZSTD(3)),
    diverged Array(LowCardinality(String)) CODEC(ZSTD(3)),
    divergences UInt32 CODEC(ZSTD(3)),
    rotation UInt8 CODEC(ZSTD(3)),
    sizeClass LowCardinality(String) CODEC(ZSTD(3)),
    width Int32 CODEC(ZSTD(3)),
    height Int32 CODEC(ZSTD(3)),
    idiom LowCardinality(String) CODEC(ZSTD(3)),
    collapsed UInt8 CODEC(ZSTD(3)),
    displayMode LowCardinality(String) CODEC(ZSTD(3)),
    depthPrimary UInt32 CODEC(ZSTD(3)),
    depthSupplementary UInt32 CODEC(ZSTD(3)),
    depthSecondary UInt32 CODEC(ZSTD(3)),
    topPrimary LowCardinality(String) CODEC(ZSTD(3)),
    topSupplementary LowCardinality(String) CODEC(ZSTD(3)),
    topSecondary LowCardinality(String) CODEC(ZSTD(3)),
    presented LowCardinality(String) CODEC(ZSTD(3))
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (app, day, session, `index`);
