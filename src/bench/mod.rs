//! `ufo bench`: runs the tasks of a `tasks.tsv`, one process per task and tool
//! under a hard time and memory limit, and scores the answers the SV-COMP way.
//! With `--baseline spacer`, every task is also exported as recursive Horn
//! clauses (`ufo export-chc`, [`crate::chc::horn`]) and solved by Z3's Spacer
//! under the same limits, so both tools are measured in one run on one machine;
//! with `--baseline golem`, the same clauses in the CHC-COMP dialect are solved
//! by Golem (its portfolio of engines, `--golem-engine`). Both baselines can run
//! in one bench: every task's ufo row, then one row per baseline.
//!
//! A study (issue 53) is one run over several configurations: `--levels`
//! and `--engines` make the matrix ([`matrix`]: every level × every engine,
//! the baselines at every level), its cells interleaved task by task; rows
//! go to the CSV as cells finish, so `--resume` goes on after an interrupt
//! ([`results`]); `--html` writes the report with its plots ([`html`]);
//! `--import` reads a CSV or BenchExec's result files, `--benchexec-xml`
//! writes the study for a BenchExec cluster ([`import`]).
//!
//! Modules: [`tasks`] reads the task list, [`matrix`] makes the
//! configurations and orders the cells, [`process`] runs one limited
//! process, [`score`] classifies and scores answers, [`results`] keeps the
//! rows on disk, [`table`] prints the result, [`html`] writes the report,
//! [`import`] reads and writes BenchExec's files.

pub mod html;
pub mod import;
pub mod matrix;
pub mod process;
pub mod results;
pub mod score;
pub mod table;
pub mod tasks;

use crate::frontend::OptLevel;
use crate::smt::IntSemantics;
use matrix::Config;
use process::{Ending, Finished, Limits};
use score::{Answer, Row, Status};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use tasks::Task;

/// Seconds past the time limit after which a tool that did not stop by itself
/// is killed (ufo and Z3 stop at the limit; this only catches a stuck process).
pub const KILL_GRACE: f64 = 2.0;

/// The peer a bench run can compare against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Baseline {
    /// Z3's Spacer on the clauses of `ufo export-chc`.
    Spacer,
    /// Golem (CHC-COMP 2025's winner of LIA-Lin and LIA) on the clauses of
    /// `ufo export-chc --dialect chc-comp`; not bundled: `--golem` names it.
    Golem,
}

impl Baseline {
    /// The tool's name in the table and the rows.
    pub fn name(self) -> &'static str {
        match self {
            Baseline::Spacer => "spacer",
            Baseline::Golem => "golem",
        }
    }
}

/// Golem's engines when `--golem-engine` names none: the portfolio Golem
/// entered CHC-COMP 2025 with (one process per engine, the first answer wins).
pub const GOLEM_ENGINES: &str = "spacer,split-tpa,lawi";

/// What `ufo bench` runs.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// The ufo executable to run for each task.
    pub ufo: PathBuf,
    /// The z3 executable of the Spacer baseline.
    pub z3: String,
    /// The golem executable of the Golem baseline, and its `--engine` list.
    pub golem: String,
    pub golem_engines: String,
    pub timeout: f64,
    pub memory_mb: Option<u64>,
    pub jobs: usize,
    /// The integer semantics of the baselines' clauses.
    pub int: IntSemantics,
    /// The configurations, in table order ([`matrix::configs`]).
    pub configs: Vec<Config>,
}

/// The task's property (by default `unreach-call.prp`: `G ! call(reach_error())`) and
/// SV-COMP's conventions (external functions have no side effects; with its
/// memory-safety properties, allocation never fails: its tasks use
/// `malloc`'s block unchecked), for ufo and the baseline's clauses alike.
fn svcomp_args(t: &Task) -> Vec<&str> {
    let mut args = vec!["--property", &t.property, "--svcomp"];
    if matches!(t.property.as_str(), "memsafety" | "memcleanup") {
        args.push("--malloc-never-null");
    }
    args
}

impl BenchOptions {
    fn limits(&self, timeout: f64) -> Limits {
        Limits { kill_after: timeout + KILL_GRACE, memory_mb: self.memory_mb }
    }

    fn verify_cmd(&self, t: &Task, level: OptLevel, args: &[String]) -> Command {
        let mut c = Command::new(&self.ufo);
        c.arg("verify").arg(&t.program).args(["--data-model", t.data_model.as_str()]).args(svcomp_args(t));
        c.args(["--opt", level.as_str(), "--json"]);
        c.args(["--timeout", &self.timeout.to_string()]).args(args);
        c
    }
}

/// The configurations' labels (the rows' `tool`), in table order.
pub fn tools(opts: &BenchOptions) -> Vec<&str> {
    opts.configs.iter().map(|c| c.label.as_str()).collect()
}

fn last_line(s: &str) -> String {
    s.trim().lines().last().unwrap_or("").trim().to_string()
}

fn row(t: &Task, c: &Config, f: &Finished) -> Row {
    Row {
        task: t.name.clone(),
        category: t.category.clone(),
        tool: c.label.clone(),
        expected: t.expected_str().to_string(),
        verdict: Answer::Unknown,
        status: Status::Unknown,
        reason: String::new(),
        cpu_time: f.cpu,
        wall_time: f.wall,
        peak_memory_mb: f.peak_mb,
        violated: None,
        iterations: None,
        arg_nodes: None,
        member: None,
        frontend_time: None,
        engine_time: None,
        check_time: None,
        opt: c.level.as_str().to_string(),
        engine: c.engine().map(str::to_string),
        ir_read: None,
        ir_optimized: None,
        ub: None,
    }
}

/// Status and reason of a run that gave no answer.
fn failure(f: &Finished, memory_mb: Option<u64>, said: &str) -> (Status, String) {
    let near_limit = memory_mb.is_some_and(|m| f.peak_mb >= 0.9 * m as f64);
    let oom = ["out of memory", "memory allocation", "std::bad_alloc", "MemoryError"];
    match &f.ending {
        Ending::Killed => (Status::Timeout, "killed at the time limit".into()),
        _ if said.starts_with("timeout") => (Status::Timeout, said.into()),
        _ if near_limit || oom.iter().any(|m| f.stderr.contains(m) || said.contains(m)) => match f.ending {
            // a crash at the limit is named as one (issue 56)
            Ending::Signaled(s) => (Status::Memout, format!("memory limit (killed by signal {s})")),
            // ufo's own reason ("out of memory: the address space reached ...")
            Ending::Exited(_) if !said.is_empty() => (Status::Memout, said.into()),
            _ => (Status::Memout, "memory limit".into()),
        },
        Ending::Signaled(s) => (Status::Unknown, format!("killed by signal {s}")),
        Ending::Exited(c) if said.is_empty() => (Status::Unknown, format!("exit code {c}")),
        Ending::Exited(_) => (Status::Unknown, said.into()),
    }
}

/// Runs ufo on one task under configuration `c` (a ufo one) and reads its
/// JSON report.
pub fn run_ufo(opts: &BenchOptions, c: &Config, t: &Task) -> Row {
    let args = match &c.runs {
        matrix::Runs::Ufo { args, .. } => args.as_slice(),
        matrix::Runs::Baseline(_) => &[],
    };
    let f = match process::run(opts.verify_cmd(t, c.level, args), opts.limits(opts.timeout)) {
        Ok(f) => f,
        Err(e) => return unstarted(t, c, &e),
    };
    let mut r = row(t, c, &f);
    let json: Option<serde_json::Value> = serde_json::from_str(f.stdout.trim()).ok();
    let verdict = json.as_ref().and_then(|j| j["verdict"].as_str()).unwrap_or("UNKNOWN");
    if let Some(j) = &json {
        r.iterations = j["stats"]["iterations"].as_u64();
        r.arg_nodes = j["stats"]["ufo"]["arg_nodes"].as_u64();
        r.member = j["portfolio"]["winner"].as_str().map(str::to_string);
        r.frontend_time = j["time"]["frontend"].as_f64();
        r.engine_time = j["time"]["engine"].as_f64();
        r.check_time = j["stats"]["check_time"].as_f64();
        r.ir_read = j["program"]["ir_instructions"]["read"].as_u64();
        r.ir_optimized = j["program"]["ir_instructions"]["optimized"].as_u64();
        let ub = &j["counterexample"]["undefined_behaviour"];
        if let (Some(kind), Some(message)) = (ub["kind"].as_str(), ub["message"].as_str()) {
            let at = format!("{}:{}", ub["at"]["file"].as_str().unwrap_or("?"), ub["at"]["line"]);
            r.ub = Some(format!("{kind}: {message} at {at}"));
        }
    }
    match verdict {
        "SAFE" => (r.verdict, r.status) = (Answer::Safe, Status::Answered),
        "UNSAFE" => {
            (r.verdict, r.status) = (Answer::Unsafe, Status::Answered);
            r.violated = json.as_ref().and_then(|j| j["sv_verdict"].as_str()).map(str::to_string);
        }
        _ => {
            let said = json.as_ref().and_then(|j| j["reason"].as_str()).map(str::to_string);
            let said = said.unwrap_or_else(|| last_line(&f.stderr).trim_start_matches("ufo: ").to_string());
            (r.status, r.reason) = failure(&f, opts.memory_mb, &said);
        }
    }
    r
}

fn unstarted(t: &Task, c: &Config, e: &std::io::Error) -> Row {
    let f = Finished {
        ending: Ending::Exited(-1),
        stdout: String::new(),
        stderr: String::new(),
        cpu: 0.0,
        wall: 0.0,
        peak_mb: 0.0,
    };
    let mut r = row(t, c, &f);
    let tool = match &c.runs {
        matrix::Runs::Ufo { .. } => "ufo",
        matrix::Runs::Baseline(b) => b.name(),
    };
    r.reason = format!("cannot start {tool}: {e}");
    r
}

/// Exports one task's clauses in `dialect` for the baseline `tool`: the row
/// (with the export's time, which counts) and the file, or the row of a
/// failed export.
fn export(
    opts: &BenchOptions,
    c: &Config,
    t: &Task,
    scratch: &Path,
    dialect: &str,
) -> Result<(Row, PathBuf), Box<Row>> {
    let file = format!("{}.{}.smt2", t.name, c.label).replace(['/', ' ', ':'], "_");
    let smt2 = scratch.join(file);
    let mut export = Command::new(&opts.ufo);
    export
        .arg("export-chc")
        .args(["--dialect", dialect])
        .arg(&t.program)
        .args(["--data-model", t.data_model.as_str()])
        .args(svcomp_args(t));
    export.args(["--opt", c.level.as_str(), "--int", opts.int.as_str(), "-o"]).arg(&smt2);
    let ex = process::run(export, opts.limits(opts.timeout)).map_err(|e| Box::new(unstarted(t, c, &e)))?;
    let mut r = row(t, c, &ex);
    if ex.ending != Ending::Exited(0) {
        (r.status, r.reason) = failure(&ex, opts.memory_mb, &format!("export-chc: {}", last_line(&ex.stderr)));
        return Err(Box::new(r));
    }
    Ok((r, smt2))
}

/// Runs a CHC solver on exported clauses with the time left after the
/// export (`cmd` gets `left`, whole seconds, for its own limit; a solver
/// without one, `own_limit` false, is killed at `left` with no grace), adds its
/// time to the export's row and reads its answer: `sat` is SAFE, `unsat`
/// UNSAFE, anything else (`unknown`, `timeout`, an error) is no answer.
fn solve(
    opts: &BenchOptions,
    c: &Config,
    t: &Task,
    mut r: Row,
    smt2: &Path,
    own_limit: bool,
    cmd: impl FnOnce(u64) -> Command,
) -> Row {
    let left = (opts.timeout - r.cpu_time.max(r.wall_time)).max(1.0);
    let tool = match c.runs {
        matrix::Runs::Baseline(b) => b.name(),
        matrix::Runs::Ufo { .. } => "ufo",
    };
    let limits = if own_limit { opts.limits(left) } else { Limits { kill_after: left, memory_mb: opts.memory_mb } };
    let sp = match process::run(cmd(left.ceil() as u64), limits) {
        Ok(f) => f,
        Err(e) => return unstarted(t, c, &e),
    };
    let _ = std::fs::remove_file(smt2);
    r.cpu_time += sp.cpu;
    r.wall_time += sp.wall;
    r.peak_memory_mb = r.peak_memory_mb.max(sp.peak_mb);
    match sp.stdout.trim().lines().next().unwrap_or("") {
        "sat" => (r.verdict, r.status) = (Answer::Safe, Status::Answered),
        "unsat" => (r.verdict, r.status) = (Answer::Unsafe, Status::Answered),
        first => {
            let said = if first == "timeout" || first.is_empty() && sp.ending == Ending::Killed {
                "timeout".to_string()
            } else {
                format!("{tool}: {}", if first.is_empty() { last_line(&sp.stderr) } else { first.to_string() })
            };
            (r.status, r.reason) = failure(&sp, opts.memory_mb, &said);
        }
    }
    r
}

/// Runs the Spacer baseline on one task: `ufo export-chc`, then `z3
/// fp.engine=spacer` with the time that is left; both count.
pub fn run_spacer(opts: &BenchOptions, c: &Config, t: &Task, scratch: &Path) -> Row {
    let (r, smt2) = match export(opts, c, t, scratch, "z3") {
        Ok(x) => x,
        Err(r) => return *r,
    };
    solve(opts, c, t, r, &smt2.clone(), true, |left| {
        let mut z3 = Command::new(&opts.z3);
        z3.arg("fp.engine=spacer").arg(format!("-T:{left}")).arg(&smt2);
        z3
    })
}

/// Runs the Golem baseline on one task: `ufo export-chc --dialect chc-comp`,
/// then `golem --engine <engines>` until the time that is left runs out (Golem
/// has no time limit of its own; the runner kills it). Golem runs each engine
/// in a process of its own and kills the others without reaping them once one
/// answers, so their CPU time after the first answer is not counted: the
/// measurement favours Golem, never ufo.
pub fn run_golem(opts: &BenchOptions, c: &Config, t: &Task, scratch: &Path) -> Row {
    let (r, smt2) = match export(opts, c, t, scratch, "chc-comp") {
        Ok(x) => x,
        Err(r) => return *r,
    };
    solve(opts, c, t, r, &smt2.clone(), false, |_| {
        let mut golem = Command::new(&opts.golem);
        golem.args(["--engine", &opts.golem_engines]).arg(&smt2);
        golem
    })
}

/// Runs one cell: task `t` under configuration `c`.
pub fn run_cell(opts: &BenchOptions, c: &Config, t: &Task, scratch: &Path) -> Row {
    match c.runs {
        matrix::Runs::Ufo { .. } => run_ufo(opts, c, t),
        matrix::Runs::Baseline(Baseline::Spacer) => run_spacer(opts, c, t, scratch),
        matrix::Runs::Baseline(Baseline::Golem) => run_golem(opts, c, t, scratch),
    }
}

/// Runs every cell of `tasks` × the configurations ([`matrix::order`], with
/// `jobs` cells at a time) but those `done` says are finished (a resumed
/// run), and returns the new rows in task order, each task's in
/// configuration order. `progress` is told of every finished row as it
/// finishes (`ufo bench` appends it to the CSV then, so an interrupted run
/// keeps every finished cell).
pub fn run(
    opts: &BenchOptions,
    tasks: &[Task],
    done: &(dyn Fn(&Task, &Config) -> bool + Sync),
    progress: &(dyn Fn(&Row) + Sync),
) -> std::io::Result<Vec<Row>> {
    let scratch = tempfile::tempdir()?;
    let cells: Vec<(usize, usize)> = matrix::order(tasks.len(), opts.configs.len())
        .into_iter()
        .filter(|&(t, c)| !done(&tasks[t], &opts.configs[c]))
        .collect();
    let next = AtomicUsize::new(0);
    let n = opts.configs.len();
    let results: Mutex<Vec<Option<Row>>> = Mutex::new(vec![None; tasks.len() * n]);
    std::thread::scope(|s| {
        for _ in 0..opts.jobs.max(1) {
            s.spawn(|| {
                while let Some(&(t, c)) = cells.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let r = run_cell(opts, &opts.configs[c], &tasks[t], scratch.path());
                    progress(&r);
                    results.lock().unwrap_or_else(|e| e.into_inner())[t * n + c] = Some(r);
                }
            });
        }
    });
    Ok(results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().flatten().collect())
}

/// Per-task rows as CSV.
pub fn to_csv(rows: &[Row]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.serialize(r)?;
    }
    let bytes = w.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished(ending: Ending, stderr: &str, peak_mb: f64) -> Finished {
        Finished { ending, stdout: String::new(), stderr: stderr.into(), cpu: 1.0, wall: 1.0, peak_mb }
    }

    #[test]
    fn a_crash_at_the_memory_limit_is_named_with_its_signal_and_a_clean_stop_is_not() {
        let abort = finished(Ending::Signaled(6), "memory allocation of 8 bytes failed", 100.0);
        assert_eq!(failure(&abort, Some(8192), ""), (Status::Memout, "memory limit (killed by signal 6)".into()));
        let segv = finished(Ending::Signaled(11), "", 100.0);
        assert_eq!(failure(&segv, Some(8192), ""), (Status::Unknown, "killed by signal 11".into()));
        let stopped = finished(Ending::Exited(20), "", 100.0);
        let said = "out of memory: the address space reached 7000 of its 8192 MiB limit (ulimit -v)";
        assert_eq!(failure(&stopped, Some(8192), said), (Status::Memout, said.into()));
        let near = finished(Ending::Exited(20), "", 8000.0);
        assert_eq!(failure(&near, Some(8192), ""), (Status::Memout, "memory limit".into()));
    }
}
