//! `ufo project`: verifying a whole code base from its build (issue 52), as
//! clang-tidy reads one: from the compilation database (`compile_commands.json`,
//! written by CMake with `CMAKE_EXPORT_COMPILE_COMMANDS`, by Bear, by Meson).
//!
//! 1. [`read_database`]: every entry (`directory`, `file`, `arguments` or
//!    `command`, `output`) is a unit with its own code flags (`cc::parse`:
//!    include paths, defines, `-std`, `-m32`), its data model and `-O` level.
//! 2. [`programs`]: units of one CMake target (`output` under
//!    `CMakeFiles/<target>.dir/`) make one program, as the build links them;
//!    `--link a.c,b.c` groups files by hand; any other unit is a program of
//!    its own.
//! 3. Each unit is compiled to bitcode with its flags, in its directory
//!    (`cc::compile_to_bitcode`); one that does not compile is reported with
//!    clang's message, and its program is left out, not the others.
//! 4. Entries ([`select`]): `main` (or the functions `--entry` globs name)
//!    and every function marked `__attribute__((annotate("ufo_entry")))`.
//! 5. Each entry is verified by a `ufo verify --json` process of its own
//!    (`--jobs` at a time: a crash or a memory blow-up of one run loses that
//!    entry only), with the options given here, the verdict cache included;
//!    its JSON report and SARIF log are read back.
//!
//! [`ProjectReport`] is the run: a table, one JSON document and one SARIF log,
//! and an exit code a CI gates on (0: every entry SAFE and every unit
//! compiled; 10: some entry UNSAFE; 20: otherwise).

use crate::bench::process::{self, Ending, Limits};
use crate::cc;
use crate::error::{Error, EXIT_UNKNOWN};
use crate::frontend::entries::{defined_functions, Defined};
use crate::frontend::{DataModel, OptLevel, Properties};
use serde::Serialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// What `ufo project` was asked.
#[derive(Clone, Debug)]
pub struct ProjectOptions {
    /// `compile_commands.json`, or the directory that holds it.
    pub database: PathBuf,
    /// Globs of entry functions (`*` any text, `?` one character); none: `main`.
    pub entries: Vec<String>,
    /// Files that make one program each (`--link a.c,b.c`).
    pub links: Vec<Vec<String>>,
    /// Entries verified at a time.
    pub jobs: usize,
    /// Time limit per entry, in seconds.
    pub timeout: f64,
    /// Optimization level (default: each unit's `-O`, clang's `-O0` if none).
    pub opt: Option<OptLevel>,
    /// The properties (the checks compiled in: `frontend::check_flags`).
    pub properties: Properties,
    /// Legacy C refused, not relaxed (`--strict-c`, `frontend::dialect`).
    pub strict_c: bool,
    /// Options for every `ufo verify` (engine, properties, cache).
    pub verify_args: Vec<String>,
    /// The ufo executable.
    pub ufo: PathBuf,
}

/// One translation unit of the database.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// The source, absolute.
    pub file: PathBuf,
    /// Where the compiler ran.
    pub directory: PathBuf,
    pub code_args: Vec<String>,
    pub data_model: DataModel,
    pub opt: OptLevel,
    /// The CMake target it belongs to, if its output says.
    pub target: Option<String>,
}

/// The CMake target of an object file: `CMakeFiles/<target>.dir/...`.
fn cmake_target(output: &str) -> Option<String> {
    let parts: Vec<&str> = output.split('/').collect();
    parts.windows(2).find(|w| w[0] == "CMakeFiles").and_then(|w| w[1].strip_suffix(".dir")).map(str::to_string)
}

/// The database file `path` names: itself, or the `compile_commands.json`
/// of a directory.
fn database_file(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join("compile_commands.json")
    } else {
        path.to_path_buf()
    }
}

/// Reads a compilation database (module docs, step 1).
pub fn read_database(path: &Path) -> Result<Vec<Unit>, Error> {
    let file = database_file(path);
    let name = file.display().to_string();
    let text = std::fs::read_to_string(&file).map_err(|e| Error::input(&name, format!("cannot read: {e}")))?;
    let entries: Vec<Value> = serde_json::from_str(&text)
        .map_err(|e| Error::input(&name, format!("not a compilation database (a JSON array of commands): {e}")))?;
    let mut units = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let bad = |what: &str| Error::input(&name, format!("entry {}: {what}", i + 1));
        let directory = PathBuf::from(e["directory"].as_str().ok_or_else(|| bad("no \"directory\""))?);
        let source = e["file"].as_str().ok_or_else(|| bad("no \"file\""))?;
        let words: Vec<String> = match (&e["arguments"], e["command"].as_str()) {
            (Value::Array(a), _) => a.iter().filter_map(|w| w.as_str().map(str::to_string)).collect(),
            (_, Some(c)) => shlex::split(c).ok_or_else(|| bad("a \"command\" with unbalanced quotes"))?,
            _ => return Err(bad("neither \"arguments\" nor \"command\"")),
        };
        let file = directory.join(source);
        if !matches!(file.extension().and_then(|x| x.to_str()), Some("c" | "i")) {
            continue; // C++, assembler: not ufo's
        }
        let c = cc::parse(words.get(1..).unwrap_or_default());
        let output = e["output"].as_str().map(str::to_string).or(c.output.clone());
        units.push(Unit {
            file,
            directory,
            code_args: c.code_args,
            data_model: c.data_model.unwrap_or(DataModel::Lp64),
            opt: c.opt.unwrap_or(OptLevel::O0),
            target: output.as_deref().and_then(cmake_target),
        });
    }
    Ok(units)
}

/// Units that make one program: a name and the units' indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramUnits {
    pub name: String,
    pub units: Vec<usize>,
}

/// Does `file` match the name a user gave (`a.c`, `src/a.c`, an absolute path)?
fn names(file: &Path, given: &str) -> bool {
    file.ends_with(given) || file == Path::new(given)
}

/// The file's name without directory and extension.
fn stem(p: &Path) -> String {
    p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Groups the units into programs (module docs, step 2).
pub fn programs(units: &[Unit], links: &[Vec<String>]) -> Vec<ProgramUnits> {
    let mut taken = vec![false; units.len()];
    let mut out = Vec::new();
    for group in links {
        let members: Vec<usize> =
            (0..units.len()).filter(|&i| !taken[i] && group.iter().any(|g| names(&units[i].file, g))).collect();
        if let Some(&first) = members.first() {
            members.iter().for_each(|&i| taken[i] = true);
            out.push(ProgramUnits { name: stem(&units[first].file), units: members });
        }
    }
    for i in 0..units.len() {
        if taken[i] {
            continue;
        }
        taken[i] = true;
        let mut members = vec![i];
        if let Some(t) = &units[i].target {
            for j in i + 1..units.len() {
                if !taken[j] && units[j].target.as_ref() == Some(t) {
                    taken[j] = true;
                    members.push(j);
                }
            }
        }
        let name = units[i].target.clone().unwrap_or_else(|| stem(&units[i].file));
        out.push(ProgramUnits { name, units: members });
    }
    out
}

/// A glob (`*`, `?`) as an anchored regular expression.
fn glob(g: &str) -> Option<regex::Regex> {
    let mut re = String::from("^");
    for c in g.chars() {
        match c {
            '*' => re.push_str(".*"),
            '?' => re.push('.'),
            c => re.push_str(&regex::escape(&c.to_string())),
        }
    }
    re.push('$');
    regex::Regex::new(&re).ok()
}

/// The entries among a program's functions (module docs, step 4), in the
/// program's order.
pub fn select(defined: &[Defined], globs: &[String]) -> Vec<String> {
    let patterns: Vec<regex::Regex> = globs.iter().filter_map(|g| glob(g)).collect();
    defined
        .iter()
        .filter(|d| {
            d.marked
                || if patterns.is_empty() { d.name == "main" } else { patterns.iter().any(|p| p.is_match(&d.name)) }
        })
        .map(|d| d.name.clone())
        .collect()
}

/// A unit that did not compile, or a program that did not link or load.
#[derive(Clone, Debug, Serialize)]
pub struct BuildError {
    /// The source (or the program's name).
    pub file: String,
    /// clang's (or the loader's) message.
    pub message: String,
}

/// The answer for one entry.
#[derive(Clone, Debug, Serialize)]
pub struct EntryResult {
    pub program: String,
    pub entry: String,
    /// The program's sources.
    pub sources: Vec<String>,
    /// `SAFE`, `UNSAFE` or `UNKNOWN`.
    pub verdict: String,
    pub reason: Option<String>,
    /// The engine (portfolio member) whose answer counted.
    pub engine: Option<String>,
    /// Wall-clock seconds of its `ufo verify`.
    pub time: f64,
    /// What the verdict cache did (`hit`, `miss`, `rejected`; none: off).
    pub cache: Option<String>,
    /// Where the check fails (UNSAFE): `file:line:col`.
    pub at: Option<String>,
    /// The whole `ufo verify --json` report (`docs/report.schema.json`).
    pub report: Value,
    #[serde(skip)]
    sarif: Option<Value>,
}

impl EntryResult {
    /// An entry not (yet) answered.
    fn unknown(program: &str, entry: &str, sources: Vec<String>) -> EntryResult {
        EntryResult {
            program: program.to_string(),
            entry: entry.to_string(),
            sources,
            verdict: "UNKNOWN".into(),
            reason: None,
            engine: None,
            time: 0.0,
            cache: None,
            at: None,
            report: Value::Null,
            sarif: None,
        }
    }
}

/// How often the cache answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CacheCounts {
    pub hits: usize,
    pub misses: usize,
    pub rejected: usize,
}

/// The whole run (module docs).
#[derive(Clone, Debug, Serialize)]
pub struct ProjectReport {
    pub schema: &'static str,
    pub database: String,
    pub entries: Vec<EntryResult>,
    pub build_errors: Vec<BuildError>,
    pub cache: CacheCounts,
    /// Wall-clock seconds of the whole run.
    pub time: f64,
}

/// The schema name of `--json`'s document.
pub const SCHEMA: &str = "ufo-project/1";

/// What `run` tells of its progress: how many entries there are (once all
/// units are compiled), then each entry's answer as it comes.
pub enum Event<'a> {
    Entries(usize),
    Done(&'a EntryResult),
}

/// Runs `ufo verify` on one entry and reads its report.
fn verify_entry(
    opts: &ProjectOptions,
    program: &ProgramUnits,
    units: &[Unit],
    bitcode: &[PathBuf],
    entry: &str,
    scratch: &Path,
    k: usize,
) -> EntryResult {
    let first = &units[program.units[0]];
    let sarif_path = scratch.join(format!("entry-{k}.sarif"));
    let mut cmd = Command::new(&opts.ufo);
    cmd.arg("verify").args(bitcode).args(["--entry", entry, "--data-model", first.data_model.as_str()]);
    cmd.args(["--opt", opts.opt.unwrap_or(first.opt).as_str(), "--json", "--timeout", &opts.timeout.to_string()]);
    cmd.arg("--sarif").arg(&sarif_path).args(&opts.verify_args);
    let limits = Limits { kill_after: opts.timeout + crate::runner::GRACE + 5.0, memory_mb: None };
    let sources = program.units.iter().map(|&i| units[i].file.display().to_string()).collect();
    let mut r = EntryResult::unknown(&program.name, entry, sources);
    let f = match process::run(cmd, limits) {
        Ok(f) => f,
        Err(e) => {
            r.reason = Some(format!("cannot run {}: {e}", opts.ufo.display()));
            return r;
        }
    };
    r.time = f.wall;
    let report: Option<Value> = serde_json::from_str(f.stdout.trim()).ok();
    match (&f.ending, report) {
        (_, Some(j)) => {
            r.verdict = j["verdict"].as_str().unwrap_or("UNKNOWN").to_string();
            r.reason = j["reason"].as_str().map(str::to_string);
            r.engine = j["portfolio"]["winner"].as_str().or(j["options"]["engine"].as_str()).map(str::to_string);
            r.cache = j["cache"].as_str().map(str::to_string);
            let t = &j["counterexample"]["target"];
            if r.verdict == "UNSAFE" {
                r.at = t["file"].as_str().map(|file| format!("{file}:{}:{}", t["line"], t["col"]));
            }
            r.report = j;
        }
        (Ending::Killed, None) => r.reason = Some(format!("killed after {} s", limits.kill_after)),
        (_, None) => {
            let said = f.stderr.trim().lines().last().unwrap_or("no report").trim_start_matches("ufo: ");
            r.reason = Some(format!("ufo verify ended without a report: {said}"));
        }
    }
    r.sarif = std::fs::read_to_string(&sarif_path).ok().and_then(|t| serde_json::from_str(&t).ok());
    r
}

/// `f(0)`, ..., `f(n - 1)` on `threads` threads, in index order.
fn in_parallel<T: Send>(n: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                if k >= n {
                    break;
                }
                let r = f(k);
                results.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(r);
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().flatten().collect()
}

/// Runs `ufo project` (module docs); `told` hears of its progress.
pub fn run(opts: &ProjectOptions, told: &(dyn Fn(Event) + Sync)) -> Result<ProjectReport, Error> {
    let t0 = std::time::Instant::now();
    let units = read_database(&opts.database)?;
    if units.is_empty() {
        let file = database_file(&opts.database).display().to_string();
        return Err(Error::input(file, "no C translation unit in the database"));
    }
    let scratch = tempfile::tempdir().map_err(|e| Error::Tool(format!("cannot create a temporary directory: {e}")))?;
    // step 3: every unit to bitcode, as many at a time as there are cores
    // (clang runs are short and independent)
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let compiled = in_parallel(units.len(), cores.max(opts.jobs), |i| {
        let u = &units[i];
        let out = scratch.path().join(format!("{i}-{}.bc", stem(&u.file)));
        let source = u.file.display().to_string();
        if !u.directory.is_dir() {
            let message = format!("not compiled: its directory {} does not exist", u.directory.display());
            return Err(BuildError { file: source, message });
        }
        match cc::compile_to_bitcode(
            &source,
            &u.code_args,
            u.data_model,
            opts.properties,
            opts.strict_c,
            Some(&u.directory),
            &out,
        ) {
            Ok(()) => Ok(out),
            Err(e) => Err(BuildError { message: e.to_string().replacen(&format!("{source}: "), "", 1), file: source }),
        }
    });
    let mut build_errors = Vec::new();
    let bitcode: Vec<Option<PathBuf>> =
        compiled.into_iter().map(|r| r.map_err(|e| build_errors.push(e)).ok()).collect();
    // step 4: the entries of every program whose units all compiled
    let mut work: Vec<(usize, Vec<PathBuf>, String)> = Vec::new();
    let groups = programs(&units, &opts.links);
    for (g, p) in groups.iter().enumerate() {
        let Some(files) = p.units.iter().map(|&i| bitcode[i].clone()).collect::<Option<Vec<PathBuf>>>() else {
            continue;
        };
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        match defined_functions(&names, units[p.units[0]].data_model) {
            Ok(defined) => work.extend(select(&defined, &opts.entries).into_iter().map(|e| (g, files.clone(), e))),
            Err(e) => build_errors.push(BuildError { file: p.name.clone(), message: format!("cannot link: {e}") }),
        }
    }
    told(Event::Entries(work.len()));
    // step 5: `jobs` entries at a time
    let entries = in_parallel(work.len(), opts.jobs, |k| {
        let (g, files, entry) = &work[k];
        let r = verify_entry(opts, &groups[*g], &units, files, entry, scratch.path(), k);
        told(Event::Done(&r));
        r
    });
    let mut cache = CacheCounts::default();
    for e in &entries {
        match e.cache.as_deref() {
            Some("hit") => cache.hits += 1,
            Some("miss") => cache.misses += 1,
            Some("rejected") => cache.rejected += 1,
            _ => {}
        }
    }
    Ok(ProjectReport {
        schema: SCHEMA,
        database: opts.database.display().to_string(),
        entries,
        build_errors,
        cache,
        time: t0.elapsed().as_secs_f64(),
    })
}

impl ProjectReport {
    /// 0: every entry SAFE and nothing failed to build; 10: an entry is
    /// UNSAFE; 20 otherwise (also when there was no entry).
    pub fn exit_code(&self) -> i32 {
        if self.entries.iter().any(|e| e.verdict == "UNSAFE") {
            10
        } else if !self.entries.is_empty()
            && self.build_errors.is_empty()
            && self.entries.iter().all(|e| e.verdict == "SAFE")
        {
            0
        } else {
            EXIT_UNKNOWN
        }
    }

    /// The table and the summary a terminal shows.
    pub fn to_text(&self) -> String {
        let mut rows = vec![[
            "program".to_string(),
            "entry".into(),
            "verdict".into(),
            "engine".into(),
            "time".into(),
            "cache".into(),
            "detail".into(),
        ]];
        for e in &self.entries {
            let detail = match (&e.at, &e.reason) {
                (Some(at), _) => format!("fails at {at}"),
                (None, Some(why)) => why.clone(),
                _ => String::new(),
            };
            rows.push([
                e.program.clone(),
                e.entry.clone(),
                e.verdict.clone(),
                e.engine.clone().unwrap_or_else(|| "-".into()),
                format!("{:.1} s", e.time),
                e.cache.clone().unwrap_or_else(|| "-".into()),
                detail,
            ]);
        }
        let widths: Vec<usize> = (0..6).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
        let mut out = String::new();
        if self.entries.is_empty() {
            rows.clear();
            out.push_str("no entry to verify (main, the functions --entry names, or annotate(\"ufo_entry\"))\n");
        }
        for r in &rows {
            let cells: Vec<String> = (0..6).map(|c| format!("{:w$}", r[c], w = widths[c])).collect();
            out.push_str(format!("{}  {}\n", cells.join("  "), r[6]).trim_end());
            out.push('\n');
        }
        for b in &self.build_errors {
            out.push_str(&format!("not verified: {}: {}\n", b.file, b.message));
        }
        let count = |v: &str| self.entries.iter().filter(|e| e.verdict == v).count();
        let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        out.push_str(&format!(
            "\n{}: {} SAFE, {} UNSAFE, {} UNKNOWN; {} not built; cache: {}, {}{}; {:.1} s\n",
            plural(self.entries.len(), "entry", "entries"),
            count("SAFE"),
            count("UNSAFE"),
            count("UNKNOWN"),
            self.build_errors.len(),
            plural(self.cache.hits, "hit", "hits"),
            plural(self.cache.misses, "miss", "misses"),
            if self.cache.rejected > 0 { format!(", {} rejected", self.cache.rejected) } else { String::new() },
            self.time
        ));
        out
    }

    /// The run as one JSON document.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// One SARIF 2.1.0 log for the whole run: every entry's results (the
    /// runs of `ufo verify --sarif`), its UNKNOWN as a warning and every
    /// build error as an error notification, the sources as artifacts.
    pub fn sarif(&self) -> String {
        let mut results = Vec::new();
        let mut notifications = Vec::new();
        let mut driver = Value::Null;
        for e in &self.entries {
            let run = e.sarif.as_ref().map(|s| &s["runs"][0]);
            if let Some(run) = run {
                if driver.is_null() {
                    driver = run["tool"].clone();
                }
                results.extend(run["results"].as_array().cloned().unwrap_or_default());
            }
            if e.verdict == "UNKNOWN" {
                let why = e.reason.as_deref().unwrap_or("no answer");
                notifications.push(json!({
                    "level": "warning",
                    "message": { "text": format!("{} in {}: UNKNOWN: {why}", e.entry, e.program) },
                }));
            }
        }
        for b in &self.build_errors {
            notifications.push(json!({
                "level": "error",
                "message": { "text": format!("{}: {}", b.file, b.message) },
                "locations": [{ "physicalLocation": { "artifactLocation": { "uri": b.file } } }],
            }));
        }
        if driver.is_null() {
            driver = json!({ "driver": { "name": "ufo", "version": env!("CARGO_PKG_VERSION") } });
        }
        let mut sources: Vec<&String> = self.entries.iter().flat_map(|e| &e.sources).collect();
        sources.sort();
        sources.dedup();
        let log = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": driver,
                "artifacts": sources.iter().map(|f| json!({ "location": { "uri": f } })).collect::<Vec<_>>(),
                "invocations": [{ "executionSuccessful": true, "toolExecutionNotifications": notifications }],
                "results": results,
            }],
        });
        serde_json::to_string_pretty(&log).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cmake_and_bear_entries() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("compile_commands.json");
        std::fs::write(
            &db,
            r#"[
  {"directory": "/p/build", "command": "/usr/bin/cc -DN=3 -I/p/include -O2 -o CMakeFiles/tool.dir/src/a.c.o -c /p/src/a.c", "file": "/p/src/a.c", "output": "CMakeFiles/tool.dir/src/a.c.o"},
  {"directory": "/p/build", "arguments": ["cc", "-m32", "-c", "-o", "CMakeFiles/tool.dir/src/b.c.o", "../src/b.c"], "file": "../src/b.c"},
  {"directory": "/p", "arguments": ["c++", "-c", "x.cpp"], "file": "x.cpp"},
  {"directory": "/p", "arguments": ["cc", "-c", "one.c"], "file": "one.c"}
]"#,
        )
        .unwrap();
        let units = read_database(dir.path()).unwrap();
        assert_eq!(units.len(), 3, "the C++ unit is not ufo's");
        assert_eq!(units[0].code_args, ["-DN=3", "-I/p/include"]);
        assert_eq!((units[0].opt, units[0].data_model), (OptLevel::O2, DataModel::Lp64));
        assert_eq!(units[1].file, PathBuf::from("/p/build/../src/b.c"));
        assert_eq!((units[1].opt, units[1].data_model), (OptLevel::O0, DataModel::Ilp32));
        assert_eq!(units[1].target.as_deref(), Some("tool"), "from the -o of the arguments");
        assert_eq!(units[2].target, None);
        let p = programs(&units, &[]);
        assert_eq!(
            p,
            [
                ProgramUnits { name: "tool".into(), units: vec![0, 1] },
                ProgramUnits { name: "one".into(), units: vec![2] }
            ]
        );
        let linked = programs(&units, &[vec!["src/b.c".into(), "one.c".into()]]);
        assert_eq!(linked[0], ProgramUnits { name: "b".into(), units: vec![1, 2] });
        assert_eq!(linked[1], ProgramUnits { name: "tool".into(), units: vec![0] });
        std::fs::write(&db, "{}").unwrap();
        let e = read_database(&db).unwrap_err().to_string();
        assert!(e.contains("compile_commands.json") && e.contains("not a compilation database"), "{e}");
        std::fs::write(&db, r#"[{"directory": "/p", "file": "a.c"}]"#).unwrap();
        assert!(read_database(&db).unwrap_err().to_string().contains("entry 1: neither"));
    }

    #[test]
    fn entries_are_main_or_the_globs_and_every_marked_function() {
        let d = |name: &str, marked| Defined { name: name.into(), marked };
        let defined = [d("main", false), d("check_queue", true), d("test_push", false), d("helper", false)];
        assert_eq!(select(&defined, &[]), ["main", "check_queue"]);
        assert_eq!(select(&defined, &["test_*".into()]), ["check_queue", "test_push"]);
        assert_eq!(select(&defined, &["?ain".into(), "h*r".into()]), ["main", "check_queue", "helper"]);
        assert_eq!(select(&defined, &["m.in".into()]), ["check_queue"], "a glob's dot is a dot");
    }

    #[test]
    fn the_exit_code_gates_a_ci() {
        let e = |v: &str| EntryResult { verdict: v.into(), ..EntryResult::unknown("p", "main", vec![]) };
        let report = |entries: Vec<EntryResult>, errors: usize| ProjectReport {
            schema: SCHEMA,
            database: String::new(),
            entries,
            build_errors: vec![BuildError { file: "x.c".into(), message: "error".into() }; errors],
            cache: CacheCounts::default(),
            time: 0.0,
        };
        assert_eq!(report(vec![e("SAFE"), e("SAFE")], 0).exit_code(), 0);
        assert_eq!(report(vec![e("SAFE"), e("UNSAFE")], 1).exit_code(), 10);
        assert_eq!(report(vec![e("SAFE"), e("UNKNOWN")], 0).exit_code(), 20);
        assert_eq!(report(vec![e("SAFE")], 1).exit_code(), 20, "a unit that did not compile was not verified");
        assert_eq!(report(vec![], 0).exit_code(), 20);
    }
}
