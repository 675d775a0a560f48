//! The verdict cache (issue 52): like ccache, for verification. A run whose
//! program and options were answered before takes the stored answer, but
//! only after the independent check accepted it again (the certificate
//! check, the replay): a cache entry is a *candidate*, exactly as an
//! engine's answer is, so a stale, corrupt or tampered entry can cost time,
//! never a wrong verdict.
//!
//! - **Key** ([`key`]): SHA-256 of the sliced program the engines see (its
//!   serde form, the input file names left out: a temporary `.bc` of
//!   `ufo project` or the plugin has another name each run), the options
//!   that can change an answer (engine, POST, integer semantics, bounds,
//!   property, data model, entry, replay limits; not the time limit or the
//!   thread count), and the versions of ufo, LLVM and Z3. The program is the
//!   normal form of the optimized module: it is what the module means to
//!   every engine, and a change outside the slice keeps its key (a comment
//!   that moves no line, code that cannot reach a check).
//! - **Value** ([`Entry`]): the answer as it crosses a process boundary
//!   ([`crate::answer::OutcomeWire`]: the certificate or the trace), the
//!   integer semantics it was found under and the member that found it.
//!   Only checked SAFE and UNSAFE answers are stored: an UNKNOWN has nothing
//!   to check, and a timeout depends on the machine's load.
//! - **Store**: `<dir>/v1/<2 hex>/<64 hex>.json`. A write goes to a
//!   temporary file in the same directory and is renamed over the entry
//!   (atomic on POSIX): many writers (`make -j` with `ufo cc`) never leave a
//!   torn entry, and no lock is held across a verification; the last writer
//!   of a key wins, with an answer as good as any. A read that fails to
//!   parse is a miss (the entry is removed). A hit sets the entry's
//!   modification time: eviction ([`Cache::evict`], after each store)
//!   removes the least recently used entries until the store is under 80%
//!   of its bound.
//!
//! The directory: `--cache-dir`, else `$UFO_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/ufo`, else `~/.cache/ufo`; `--no-cache` or
//! `$UFO_NO_CACHE` (non-empty) turn the cache off. A shared directory (a
//! CI's) works as a local one: every hit is checked here.

use crate::answer::OutcomeWire;
use crate::ir::Program;
use crate::smt::IntSemantics;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// The layout version of the store (a directory of its own).
const LAYOUT: &str = "v1";

/// The store's bound when none is given, in MiB.
pub const DEFAULT_MAX_MB: u64 = 512;

/// A cache directory and its bound (`pipeline_options::CacheArgs` reads
/// them from a command line and the environment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    pub dir: PathBuf,
    pub max_bytes: u64,
}

impl Cache {
    /// The cache in `dir` (else `$UFO_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/ufo`, else `~/.cache/ufo`), or `None` when `off` or
    /// `$UFO_NO_CACHE` is set, or no directory is known.
    pub fn configured(off: bool, dir: Option<PathBuf>, max_mb: u64) -> Option<Cache> {
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
        if off || env("UFO_NO_CACHE").is_some() {
            return None;
        }
        let dir = dir
            .or_else(|| env("UFO_CACHE_DIR").map(PathBuf::from))
            .or_else(|| env("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("ufo")))
            .or_else(|| env("HOME").map(|h| PathBuf::from(h).join(".cache").join("ufo")))?;
        Some(Cache { dir, max_bytes: max_mb.saturating_mul(1 << 20) })
    }
}

/// The key of a program under some options: 64 hex digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key(pub String);

/// A stored answer (module docs).
#[derive(Debug, Serialize, Deserialize)]
pub struct Entry {
    /// The key, again: a file renamed or copied to another key is not taken.
    pub key: String,
    pub verdict: crate::engines::Verdict,
    /// The integer semantics the answer was found (and checked) under.
    pub sem: IntSemantics,
    /// The portfolio member or engine that found it.
    pub member: Option<String>,
    pub outcome: OutcomeWire,
}

/// What the cache did for one run (the report's `cache`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Use {
    /// The stored answer passed the check and is the answer.
    Hit,
    /// Nothing stored; the answer (if checked) was stored.
    Miss,
    /// An answer was stored, but the check rejected it (the reason is in
    /// the report's warnings); the program was verified again.
    Rejected,
}

/// The key of `sliced` under `options` (module docs): the options are the
/// words that can change an answer, in a fixed order.
pub fn key(sliced: &Program, options: &[String]) -> Key {
    let mut h = Sha256::new();
    let versions = [
        env!("CARGO_PKG_VERSION").to_string(),
        crate::frontend::llvm_version(),
        crate::smt::z3_version(),
        LAYOUT.to_string(),
    ];
    for word in versions.iter().chain(options) {
        h.update(word.as_bytes());
        h.update([0]);
    }
    // the program without its input files' names (module docs): the
    // program's, and every position without debug information (those
    // name the input file too)
    let text = serde_json::to_string(sliced).unwrap_or_default();
    let name = serde_json::to_string(&sliced.file).unwrap_or_default();
    h.update(text.replace(&name, "\"\"").as_bytes());
    Key(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

impl Cache {
    fn path(&self, key: &Key) -> PathBuf {
        self.dir.join(LAYOUT).join(&key.0[..2]).join(format!("{}.json", key.0))
    }

    /// The stored answer of `key`, if there is one that parses.
    pub fn lookup(&self, key: &Key) -> Option<Entry> {
        let path = self.path(key);
        let text = std::fs::read(&path).ok()?;
        match serde_json::from_slice::<Entry>(&text) {
            Ok(e) if e.key == key.0 => {
                // recently used: the last to be evicted
                if let Ok(f) = std::fs::File::options().append(true).open(&path) {
                    let _ = f.set_modified(std::time::SystemTime::now());
                }
                Some(e)
            }
            _ => {
                let _ = std::fs::remove_file(&path);
                None
            }
        }
    }

    /// Stores `entry` under its key (atomically: module docs), then evicts.
    pub fn store(&self, entry: &Entry) -> Result<(), String> {
        let path = self.path(&Key(entry.key.clone()));
        let dir = path.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let mut tmp =
            tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("cannot write in {}: {e}", dir.display()))?;
        serde_json::to_writer(std::io::BufWriter::new(tmp.as_file_mut()), entry)
            .map_err(|e| format!("cannot write {}: {e}", tmp.path().display()))?;
        tmp.persist(&path).map_err(|e| format!("cannot write {}: {}", path.display(), e.error))?;
        self.evict();
        Ok(())
    }

    /// The entries of the store: path, size and last use.
    pub fn entries(&self) -> Vec<(PathBuf, u64, std::time::SystemTime)> {
        let mut out = Vec::new();
        let Ok(shards) = std::fs::read_dir(self.dir.join(LAYOUT)) else { return out };
        for shard in shards.flatten() {
            let Ok(files) = std::fs::read_dir(shard.path()) else { continue };
            for f in files.flatten() {
                let is_entry = f.path().extension().is_some_and(|e| e == "json");
                if let (true, Ok(m)) = (is_entry, f.metadata()) {
                    out.push((f.path(), m.len(), m.modified().unwrap_or(std::time::UNIX_EPOCH)));
                }
            }
        }
        out
    }

    /// Removes every entry; how many there were.
    pub fn clear(&self) -> usize {
        self.entries().iter().filter(|(path, _, _)| std::fs::remove_file(path).is_ok()).count()
    }

    /// What `ufo cache` prints: the directory, the entries by verdict,
    /// their size against the bound.
    pub fn summary(&self) -> String {
        let entries = self.entries();
        let bytes: u64 = entries.iter().map(|e| e.1).sum();
        let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
        let (mut safe, mut unsafe_) = (0, 0);
        for (path, _, _) in &entries {
            let text = std::fs::read(path).unwrap_or_default();
            match serde_json::from_slice::<Entry>(&text).map(|e| e.verdict) {
                Ok(crate::engines::Verdict::Safe) => safe += 1,
                Ok(crate::engines::Verdict::Unsafe) => unsafe_ += 1,
                _ => {}
            }
        }
        format!(
            "verdict cache: {}\nanswers: {} ({safe} SAFE, {unsafe_} UNSAFE)\nsize: {:.2} MiB of {:.0} MiB\n",
            self.dir.display(),
            entries.len(),
            mib(bytes),
            mib(self.max_bytes)
        )
    }

    /// Removes the least recently used entries while the store is over its
    /// bound, down to 80% of it. Another process evicting at the same time
    /// removes files this one counted: both only delete, never corrupt.
    pub fn evict(&self) {
        let mut entries = self.entries();
        let mut total: u64 = entries.iter().map(|e| e.1).sum();
        if total <= self.max_bytes {
            return;
        }
        entries.sort_by_key(|e| e.2);
        let target = self.max_bytes / 5 * 4;
        for (path, size, _) in entries {
            if total <= target {
                break;
            }
            if std::fs::remove_file(&path).is_ok() {
                total = total.saturating_sub(size);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::{Outcome, Verdict};

    fn entry(key: &str, pad: usize) -> Entry {
        let mut o = Outcome::unknown("x".repeat(pad), Default::default());
        o.verdict = Verdict::Safe;
        Entry { key: key.into(), verdict: Verdict::Safe, sem: IntSemantics::Lia, member: None, outcome: o.to_wire() }
    }

    #[test]
    fn a_stored_entry_is_found_under_its_key_only() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache { dir: dir.path().into(), max_bytes: 1 << 20 };
        let k = Key("ab".repeat(32));
        assert!(c.lookup(&k).is_none());
        c.store(&entry(&k.0, 10)).unwrap();
        let got = c.lookup(&k).unwrap();
        assert_eq!((got.key.as_str(), got.verdict), (k.0.as_str(), Verdict::Safe));
        // an entry copied under another key is not taken, and is removed
        let other = Key("ac".repeat(32));
        std::fs::create_dir_all(c.path(&other).parent().unwrap()).unwrap();
        std::fs::copy(c.path(&k), c.path(&other)).unwrap();
        assert!(c.lookup(&other).is_none() && !c.path(&other).exists());
        // a torn or foreign file is a miss
        std::fs::write(c.path(&k), "{\"key\":").unwrap();
        assert!(c.lookup(&k).is_none() && !c.path(&k).exists());
        c.store(&entry(&k.0, 10)).unwrap();
        assert!(c.summary().contains("answers: 1 (1 SAFE, 0 UNSAFE)"), "{}", c.summary());
        assert_eq!((c.clear(), c.entries().len()), (1, 0));
    }

    #[test]
    fn eviction_removes_the_least_recently_used_first() {
        let dir = tempfile::tempdir().unwrap();
        let keys: Vec<Key> = (0..4).map(|i| Key(format!("{i:02}").repeat(32))).collect();
        // room for three entries and a half
        let probe = Cache { dir: dir.path().into(), max_bytes: u64::MAX };
        probe.store(&entry(&keys[0].0, 3000)).unwrap();
        let size = probe.entries()[0].1;
        let c = Cache { max_bytes: size * 7 / 2, ..probe };
        let t0 = std::time::SystemTime::now() - std::time::Duration::from_secs(100);
        for (i, k) in keys.iter().enumerate().take(3) {
            c.store(&entry(&k.0, 3000)).unwrap();
            let f = std::fs::File::options().append(true).open(c.path(k)).unwrap();
            f.set_modified(t0 + std::time::Duration::from_secs(i as u64)).unwrap();
        }
        assert_eq!(c.entries().len(), 3);
        // the oldest is used again: the second is now the least recent
        assert!(c.lookup(&keys[0]).is_some());
        c.store(&entry(&keys[3].0, 3000)).unwrap();
        let left: u64 = c.entries().iter().map(|e| e.1).sum();
        assert!(left <= c.max_bytes / 5 * 4, "{left}");
        assert!(!c.path(&keys[1]).exists(), "the least recently used goes first");
        assert!(c.path(&keys[0]).exists() && c.path(&keys[3]).exists());
    }

    #[test]
    fn the_key_ignores_the_input_files_names_and_not_the_program_or_options() {
        // an edge without debug information is at the input file
        let at = |file: &str| crate::ir::Edge {
            src: crate::ir::LocId(0),
            dst: crate::ir::LocId(0),
            body: Vec::new(),
            src_loc: crate::error::SrcLoc { file: file.into(), line: 0, col: 0 },
            failure: None,
            calls: Vec::new(),
        };
        let p = Program {
            file: "/tmp/a/x.bc".into(),
            function: "main".into(),
            edges: vec![at("/tmp/a/x.bc")],
            ..Default::default()
        };
        let renamed = Program { file: "/tmp/b/y.bc".into(), edges: vec![at("/tmp/b/y.bc")], ..p.clone() };
        let other = Program { function: "harness".into(), ..p.clone() };
        let o = vec!["--engine".to_string(), "portfolio".into()];
        assert_eq!(key(&p, &o), key(&renamed, &o));
        assert_ne!(key(&p, &o), key(&other, &o));
        let elsewhere = Program { edges: vec![at("/src/other.c")], ..p.clone() };
        assert_ne!(key(&p, &o), key(&elsewhere, &o), "a position in a source is the program's");
        assert_ne!(key(&p, &o), key(&p, &["--engine".to_string(), "bmc".into()]));
        assert_eq!(key(&p, &o).0.len(), 64);
    }
}
