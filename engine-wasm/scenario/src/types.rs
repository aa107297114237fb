//! Scenario types (version 1). Field names follow MySQL's variables where a learner
//! will meet them again (`innodb_buffer_pool_pages`, `innodb_old_blocks_time_ms`).

use serde::Serialize;

/// Current scenario format version.
pub const SCENARIO_VERSION: u32 = 1;

/// A whole experiment: what server, what storage, what table, what load, how long.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    /// Format version (1).
    pub version: u32,
    /// Seed of every random stream of the run.
    pub seed: u64,
    /// CPU and buffer pool.
    pub server: ServerConfig,
    /// The storage device(s).
    pub storage: StorageConfig,
    /// The one table of the run.
    pub table: TableConfig,
    /// The client load.
    pub workload: WorkloadConfig,
    /// When to stop and how often to sample.
    pub run: RunConfig,
    /// What the scenario shows and how it is scaled from the real experiment (free text).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
}

/// CPU cores and buffer pool settings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ServerConfig {
    /// CPU cores that run client threads.
    pub cores: u32,
    /// Buffer pool size in 16 KiB pages (`innodb_buffer_pool_size` / 16384).
    pub innodb_buffer_pool_pages: u32,
    /// `innodb_old_blocks_pct` (5..95).
    pub innodb_old_blocks_pct: u32,
    /// `innodb_old_blocks_time` in ms.
    pub innodb_old_blocks_time_ms: u32,
    /// `innodb_lru_scan_depth`: tail pages the page cleaner walks each second.
    pub innodb_lru_scan_depth: u32,
    /// Server version whose rules apply where versions differ (AHI build latching).
    pub version: MysqlVersion,
    /// `innodb_adaptive_hash_index`. MySQL's default is ON through 8.0 and OFF from
    /// 8.4; scenarios state it explicitly, and it is OFF when absent.
    pub innodb_adaptive_hash_index: bool,
    /// `innodb_adaptive_hash_index_parts` (1..512, default 8).
    pub innodb_adaptive_hash_index_parts: u32,
    /// `innodb_sync_spin_loops` (default 30).
    pub innodb_sync_spin_loops: u32,
    /// `innodb_spin_wait_delay` (default 6).
    pub innodb_spin_wait_delay: u32,
    /// Who flushes dirty pages and by which rule ("5.5", "5.6", "5.6-labs", "5.7",
    /// "8.0.30", "percona-5.5-estimate", "percona-5.5-keep_average"); default from
    /// `version` (5.7 and 8.0.25 → "5.7", 8.0.30 → "8.0.30").
    pub flushing: crate::policy::FlushPolicy,
    /// `innodb_log_file_size` in MiB (5.5 … 8.0.29; default 5 for 5.5, 48 after).
    pub innodb_log_file_size_mb: u32,
    /// `innodb_log_files_in_group` (default 2).
    pub innodb_log_files_in_group: u32,
    /// `innodb_redo_log_capacity` in MiB (8.0.30+; default 100).
    pub innodb_redo_log_capacity_mb: u32,
    /// `innodb_io_capacity` (default 200).
    pub innodb_io_capacity: u32,
    /// `innodb_io_capacity_max` (default max(2000, 2 × io_capacity)).
    pub innodb_io_capacity_max: u32,
    /// `innodb_adaptive_flushing` (default ON).
    pub innodb_adaptive_flushing: bool,
    /// `innodb_adaptive_flushing_lwm` (% of log capacity, default 10).
    pub innodb_adaptive_flushing_lwm: u32,
    /// `innodb_max_dirty_pages_pct` (default 75; 90 in 8.0).
    pub innodb_max_dirty_pages_pct: u32,
    /// `innodb_max_dirty_pages_pct_lwm` (default 0; 10 in 8.0).
    pub innodb_max_dirty_pages_pct_lwm: u32,
    /// `innodb_flushing_avg_loops` (default 30).
    pub innodb_flushing_avg_loops: u32,
    /// `innodb_flush_sync` (5.7+, default ON): past the sync point the page cleaner
    /// flushes ignoring io_capacity.
    pub innodb_flush_sync: bool,
    /// Which query cache the server has: none (8.0), MySQL 5.7's, or the conceptual
    /// Aurora-style one.
    pub query_cache: QueryCacheKind,
    /// `query_cache_type`: OFF, ON or DEMAND (default ON, as 5.7 compiled with it).
    pub query_cache_type: QueryCacheType,
    /// `query_cache_size` in bytes (5.7 default 1 MiB; 0 disables the cache).
    pub query_cache_size: u64,
    /// `query_cache_limit` in bytes (default 1 MiB): larger results are not cached.
    pub query_cache_limit: u64,
    /// `query_cache_min_res_unit` in bytes (default 4096).
    pub query_cache_min_res_unit: u64,
    /// Amazon Aurora node role; `None` = plain MySQL. On a reader the AHI stays off
    /// whatever `innodb_adaptive_hash_index` (the parameter group) says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aurora_role: Option<AuroraRole>,
}

/// The query cache implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum QueryCacheKind {
    /// No query cache at all (MySQL 8.0).
    None,
    /// MySQL 5.7 `sql_cache.cc`: one arena, one global lock.
    Mysql,
    /// Aurora-style (conceptual; no public source): no global lock, no fragmentation.
    Aurora,
}

/// `query_cache_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum QueryCacheType {
    /// 0: never cache or look up.
    #[serde(rename = "OFF")]
    Off,
    /// 1: cache every cacheable SELECT except `SQL_NO_CACHE` ones.
    #[serde(rename = "ON")]
    On,
    /// 2: cache only `SELECT SQL_CACHE`.
    #[serde(rename = "DEMAND")]
    Demand,
}

/// The role of an Aurora MySQL node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AuroraRole {
    /// The writer: the AHI follows `innodb_adaptive_hash_index`.
    Writer,
    /// A reader (replica): the AHI cannot be enabled (Percona, 2019; confirmed by AWS).
    Reader,
}

impl ServerConfig {
    /// The AHI setting in effect: the variable, except on an Aurora reader (always OFF).
    #[inline]
    pub fn ahi_in_effect(&self) -> bool {
        self.innodb_adaptive_hash_index && self.aurora_role != Some(AuroraRole::Reader)
    }
}

/// MySQL versions whose behaviour differs in the modelled mechanisms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MysqlVersion {
    /// 5.7: a new AHI page build waits for the partition's X latch.
    #[serde(rename = "5.7")]
    V57,
    /// 8.0.25: as 5.7 (before the Bug #100512 fix).
    #[serde(rename = "8.0.25")]
    V8025,
    /// 8.0.30+: a new build skips when the latch is held (`btr_search_x_lock_nowait`).
    #[serde(rename = "8.0.30")]
    V8030,
}

/// The data device and the commit (redo fsync) latency.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StorageConfig {
    /// Latency of one 16 KiB page read, µs.
    pub read_latency_us: u32,
    /// Latency of one page write, µs.
    pub write_latency_us: u32,
    /// Operations per second the device sustains (reads + writes).
    pub iops: u32,
    /// Time a commit waits for its redo to be durable, µs (0 = no wait).
    pub commit_latency_us: u32,
}

/// Character set of the table (max bytes per character).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CharsetName {
    /// 1 byte per character.
    Latin1,
    /// Up to 4 bytes per character.
    Utf8mb4,
}

/// Column types the engine models.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ColumnKind {
    /// 4-byte INT.
    Int,
    /// 8-byte BIGINT.
    Bigint,
    /// CHAR(length).
    Char,
    /// VARCHAR(length).
    Varchar,
}

/// One column.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColumnConfig {
    /// Column name.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: ColumnKind,
    /// Length in characters for CHAR/VARCHAR (0 otherwise, and then not written).
    #[serde(skip_serializing_if = "is_zero")]
    pub length: u32,
    /// NULL allowed.
    pub nullable: bool,
}

/// One secondary index.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IndexConfig {
    /// Index name, e.g. `idx_number`.
    pub name: String,
    /// Column names, in order.
    pub columns: Vec<String>,
}

/// The table: schema and initial size.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableConfig {
    /// Table name.
    pub name: String,
    /// Character set.
    pub charset: CharsetName,
    /// Columns in order.
    pub columns: Vec<ColumnConfig>,
    /// Primary key column names.
    pub primary_key: Vec<String>,
    /// Secondary indexes.
    pub indexes: Vec<IndexConfig>,
    /// Rows loaded before the timed run (like `sysbench prepare`), untimed.
    pub prepare_rows: u64,
    /// Identical tables `name`1..`name`N (sysbench `--tables`), each with
    /// `prepare_rows` rows; 1 = just this table.
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
}

fn is_one(v: &u32) -> bool {
    *v == 1
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// The statement every client thread runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QueryKind {
    /// INSERT one row.
    Insert,
    /// `SELECT c FROM t WHERE id=?` (oltp_point_select).
    PointSelect,
    /// sysbench `oltp_read_write` without range queries: BEGIN, `point_selects` point
    /// selects, an index update, a non-index update, a delete and an insert of the
    /// same id, COMMIT, in one transaction.
    ReadWrite,
    /// `SELECT c FROM t WHERE k=?`: the first secondary index, then the clustered
    /// index for each match.
    SecondarySelect,
    /// sysbench `oltp_read_only`: BEGIN, 10 point selects, simple / sum / order /
    /// distinct ranges of 100 ids, COMMIT.
    OltpReadOnly,
    /// sysbench 0.5 `oltp.lua` with only its point selects (and optional index
    /// updates) enabled: BEGIN, `oltp_point_selects` point selects,
    /// `oltp_index_updates` updates, COMMIT.
    OltpLua,
    /// sysbench `select_random_points`: `SELECT id, k, c, pad FROM t WHERE k IN
    /// (?, …, ?)` with `random_points` values: one search of the first secondary
    /// index per value, then the clustered index for each match.
    #[serde(rename = "select_random_points")]
    RandomPoints,
}

impl QueryKind {
    /// True for the read-only workloads.
    #[inline]
    pub fn is_select(self) -> bool {
        matches!(
            self,
            QueryKind::PointSelect | QueryKind::SecondarySelect | QueryKind::OltpReadOnly
        )
    }
}

/// How the PK of inserted rows is produced.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IdGen {
    /// AUTO_INCREMENT: 1, 2, 3, ...
    AutoIncrement,
    /// `sysbench.rand.string(template)`: `#` = digit, `@` = letter.
    Template(String),
}

/// sysbench `--rand-type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RandType {
    /// Uniform.
    Uniform,
    /// Gaussian (sum of `rand-spec-iter` uniforms).
    Gaussian,
    /// sysbench's default "special": `rand-spec-res`% of draws hit `rand-spec-pct`% of values.
    Special,
    /// Pareto with `rand-pareto-h`.
    Pareto,
}

/// The client load.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorkloadConfig {
    /// Client threads (sysbench `--threads`).
    pub threads: u32,
    /// Statement run by every thread.
    pub query: QueryKind,
    /// PK generator for inserts.
    pub id: IdGen,
    /// sysbench `--table-size`: other INT columns get `rand(1, table_size)`.
    pub table_size: u32,
    /// Distribution of random numbers.
    pub rand_type: RandType,
    /// Stop inserting once the table holds this many rows (0 = no limit).
    pub max_rows: u64,
    /// Point selects per read_write transaction (sysbench `--point-selects`, default 10).
    pub point_selects: u32,
    /// sysbench 0.5 `oltp.lua --oltp-point-selects`: point selects per transaction
    /// (`query` = `oltp_lua`: 1..1000, default 10; 0 for the other workloads).
    #[serde(skip_serializing_if = "is_zero")]
    pub oltp_point_selects: u32,
    /// `oltp.lua --oltp-index-updates`: `UPDATE … SET k=k+1 WHERE id=?` per transaction.
    #[serde(skip_serializing_if = "is_zero")]
    pub oltp_index_updates: u32,
    /// Open loop: events (transactions of a multi-statement script, else statements) started
    /// per second at Poisson arrivals, as sysbench `--tx-rate` (0 = closed loop).
    pub rate_tps: f64,
    /// A cache hint in every SELECT: none, `SQL_CACHE` or `SQL_NO_CACHE`.
    pub select_hint: SelectHint,
    /// sysbench `--random-points`: values in the IN list of `select_random_points`
    /// (1..1000, default 10; 0 for the other workloads).
    #[serde(skip_serializing_if = "is_zero")]
    pub random_points: u32,
    /// Where the values of `k` searched by the secondary-key selects come from.
    #[serde(skip_serializing_if = "KValues::is_random")]
    pub k_values: KValues,
}

/// The values of `k` a secondary-key select looks up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KValues {
    /// sysbench: `sb_rand(1, table_size)`, whether or not a row has that `k`
    /// (with uniform k, about e⁻¹ ≈ 37% of the values match no row).
    Random,
    /// An application that looks up rows it knows (e.g. by a foreign key): a
    /// random existing row (`rand_type` over its ids), and that row's `k`.
    Existing,
}

impl KValues {
    fn is_random(&self) -> bool {
        *self == KValues::Random
    }
}

/// The cache directive written after SELECT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SelectHint {
    /// `SELECT c FROM …`.
    None,
    /// `SELECT SQL_CACHE c FROM …`.
    SqlCache,
    /// `SELECT SQL_NO_CACHE c FROM …`.
    SqlNoCache,
}

/// Run length and sampling.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunConfig {
    /// Stop after this many simulated seconds.
    pub duration_s: f64,
    /// Metric sample interval in simulated ms.
    pub sample_ms: u32,
    /// Knob changes at given times (e.g. turning the AHI on mid-run), in time order.
    pub changes: Vec<KnobChange>,
}

/// One scheduled runtime knob change.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KnobChange {
    /// When, in simulated seconds.
    pub at_s: f64,
    /// A runtime knob name (see `KNOBS`).
    pub knob: String,
    /// Its new value.
    pub value: f64,
}
