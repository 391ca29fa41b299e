-- Every `navtape query` filter and aggregate, and three questions `navtape query` cannot answer in
-- one pass, over the facts tables of schema.sql (docs/Fleet.md). Each query is named by a
-- `-- name:` line; `scripts/engine-test` runs them in chdb and in a two-shard ClickHouse 18.16
-- cluster and checks them against `navtape query --json`.
--
-- {filter} stands for the WHERE condition of `navtape query`'s options, each option's values
-- joined by OR, the options by AND (`1` for none):
--   --bug RULE         hasAny(bugRules, ['RULE', …])
--   --rejected RULE    hasAny(rejectedRules, ['RULE', …])
--   --device D         device IN ('D', …)
--   --screen NAME      hasAny(screens, ['NAME', …])
--   --diverged         divergences > 0
-- {listing} is --sessions (20 by default). No alias repeats a column's name: ClickHouse would
-- read the alias in {filter}. FINAL collapses rows a second ingest of a log added
-- before their parts merged; without it, a table ingested once gives the same answers.

-- name: read
-- `read`: every session.
SELECT count() AS read FROM sessions FINAL;

-- name: matching
-- `matching`, `divergences` and `divergentSessions`.
SELECT count() AS matching, sum(divergences) AS divergenceCount, countIf(divergences > 0) AS divergentSessions
FROM sessions FINAL WHERE {filter};

-- name: sessions
-- `sessions`: the first matching sessions, in the library's order (the logs' paths).
SELECT log, session AS sessionID, device, policy, style, parent, events, commands, duration,
       bugRules, bugCounts, divergences
FROM sessions FINAL WHERE {filter}
ORDER BY log LIMIT {listing};

-- name: screens
-- `screens`: milliseconds on screen by screen name, summed.
SELECT screen, sum(t) AS ms
FROM sessions FINAL ARRAY JOIN screens AS screen, screenTimes AS t
WHERE {filter} GROUP BY screen ORDER BY screen;

-- name: displayModes
-- `displayModes`: milliseconds by display mode (`collapsed` while collapsed), summed.
SELECT mode, sum(t) AS ms
FROM sessions FINAL ARRAY JOIN displayModes AS mode, displayModeTimes AS t
WHERE {filter} GROUP BY mode ORDER BY mode;

-- name: collapsesByDevice
-- `collapsesByDevice`: collapses, those at launch, and sessions, by device.
SELECT device, sum(collapses) AS collapseCount, sum(collapsesAtLaunch) AS atLaunch, count() AS sessions
FROM sessions FINAL WHERE {filter} GROUP BY device ORDER BY device;

-- name: bugs
-- `bugs`: occurrences and sessions by rule.
SELECT rule, sum(n) AS occurrences, count() AS sessions
FROM sessions FINAL ARRAY JOIN bugRules AS rule, bugCounts AS n
WHERE {filter} GROUP BY rule ORDER BY rule;

-- name: rejected
-- `rejected`: rejections and ignores, occurrences and sessions by rule.
SELECT rule, sum(n) AS occurrences, count() AS sessions
FROM sessions FINAL ARRAY JOIN rejectedRules AS rule, rejectedCounts AS n
WHERE {filter} GROUP BY rule ORDER BY rule;

-- name: bugAfterRotation
-- Which sessions hit BUG-6 at or after a rotation, by app version: the commands of each session in
-- index order (sequenceMatch's clock is the index), a rotation then BUG-6 (the same command counts:
-- a rotation that raises it). Add `WHERE idiom = 'pad'` for the iPads alone.
SELECT app, appVersion, count() AS sessions, groupArray(session) AS which
FROM
(
    SELECT app, appVersion, session
    FROM moments FINAL
    GROUP BY app, appVersion, session
    HAVING sequenceMatch('(?1).*(?2)')(toDateTime(`index`), rotation = 1, has(bugs, 'BUG-6'))
        OR countIf(rotation = 1 AND has(bugs, 'BUG-6')) > 0
)
GROUP BY app, appVersion ORDER BY app, appVersion;

-- name: depthPerScreen
-- The distribution of stack depth per screen: each column's top screen after each command, with
-- the depth of that column's stack.
SELECT screen, count() AS commands, min(depth) AS least, quantilesExact(0.5, 0.9, 0.99)(depth) AS quantiles, max(depth) AS most
FROM moments FINAL
ARRAY JOIN [topPrimary, topSupplementary, topSecondary] AS screen, [depthPrimary, depthSupplementary, depthSecondary] AS depth
WHERE screen != ''
GROUP BY screen ORDER BY screen;

-- name: firstBuildDiverging
-- The first build (by its earliest session) whose sessions diverged from UIKit on the split's
-- viewControllers after a showDetail: which build introduced this divergence (sessions whose app
-- is unknown name no build).
SELECT app, argMin(build, start) AS firstBuild, min(start) AS since
FROM sessions FINAL
WHERE app != '' AND session GLOBAL IN (SELECT session FROM moments FINAL WHERE has(diverged, 'viewControllers') AND command = 'showDetail')
GROUP BY app ORDER BY app;
