//! `--validate`: a certificate that Z3 accepted (`check::cert`) is checked once
//! more by a second solver, cvc5, in processes of its own, so that a bug of
//! Z3's solving cannot pass a wrong certificate alone.
//!
//! The queries are exactly those of the Z3 check ([`super::cert::check_and_print`]
//! records each formula list it asked, in its order: safety, initiation,
//! consecution per edge), printed by Z3 as SMT-LIB
//! (`Z3_benchmark_to_smtlib_string`: its declarations and assertions kept,
//! nothing else; an empty `and`/`or` made `true`/`false` as in
//! `chc::horn`; the SMT-LIB 2.7 names of Z3 5.3.2 made the 2.6 names of
//! cvc5 1.0.3, [`RENAMED`]) into incremental scripts, one `(push 1)` … `(check-sat)`
//! `(pop 1)` scope per query with its declarations inside, read by
//! `cvc5 --lang smt2 --incremental`, which answers a line per `check-sat`.
//!
//! Each query is asked by a list of cvc5 strategies ([`strategies`]), each
//! with a time per query (`--tlimit-per`), the next strategy on the queries
//! the ones before left undecided, the last one until the deadline where
//! that is safe: cvc5's defaults decide nearly every query at once, but
//! can search without end where another of its procedures decides at once.
//! A query that mixes bit-vectors and integers (an invariant over
//! `--int bv` values, `bv2nat`) is asked with bit-vectors as integers
//! first; a query with quantifiers (memory certificates over cells,
//! Spacer's existential leftovers) with several instantiation strategies,
//! one of which sends the query together with its instances
//! (`smt::instances`: quantifiers skolemized and instantiated at the cells
//! the query reads, what Z3's check tries first). The query and its
//! instances are satisfiable together exactly when the query is (the
//! instances of a fact are implied by it, a skolem constant can be the
//! witness), so `unsat` of the pair is `unsat` of the query, and `sat` of
//! the pair `sat` of the query.
//!
//! What this is independent of, and what not: cvc5's solving (its parser,
//! rewriter, theory solvers, instantiation) is not Z3's; the terms are still
//! those of the one lowering (`smt::lower`, `smt::transition`,
//! `smt::canon`) as Z3 prints them. A lowering bug that makes an edge's
//! relation too weak or an invariant too strong passes both solvers. Text
//! this module failed to carry over (a lost assertion) makes a query weaker,
//! so it can only turn `unsat` into `sat` or `unknown`, never the reverse.
//!
//! Invariants: the answer is [`Validated`] only when cvc5 answered `unsat`
//! to every query, each in its own scope; `sat` is a rejection naming the
//! obligation (the words of `check::cert`'s rejections); anything else (no
//! cvc5, an error, `unknown` after every strategy, a missing answer, the
//! deadline) is [`Invalid::Undecided`] or [`Invalid::Stopped`], never a
//! pass. Every process gets the time left before the deadline (`--tlimit`)
//! and is killed at the deadline or when the deadline's token is cancelled.

use super::query::Obligation;
use super::Deadline;
use crate::ir::Program;
use std::process::Command;
use std::time::{Duration, Instant};
use z3::ast::{Ast, Bool, Dynamic};

/// The second solver's name, as reports give it.
pub const SOLVER: &str = "cvc5";

/// The environment variable that names the cvc5 executable (default: `cvc5`
/// on `PATH`).
pub const CVC5_VAR: &str = "UFO_CVC5";

/// How often the run of cvc5 looks at the deadline.
const POLL: Duration = Duration::from_millis(5);

/// One way of asking cvc5 a query.
struct Strategy {
    /// Send the query's instances with it.
    instances: bool,
    options: &'static [&'static str],
    /// cvc5's time per query (`--tlimit-per`), if limited.
    per_query_ms: Option<u64>,
    /// One process per query (an option cvc5 does not allow incrementally).
    alone: bool,
}

/// What kind of query it is, for the strategies that ask it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Quantifier-free, no conversion between bit-vectors and integers.
    Plain,
    /// Quantifier-free, bit-vectors converted to integers (`bv2nat`).
    Mixed,
    Quantified,
}

/// How cvc5 is asked the queries of a kind: each strategy in turn on those
/// the ones before did not decide (measured on the certificates of the
/// llvm-tests/ programs, cvc5 1.0.3):
/// - plain: its defaults decide all, in milliseconds; the strategies after
///   them are for a query they search on;
/// - mixed: its defaults search without end on invariants of intervals
///   under `--int bv` (fig1_safe.c at -O0), bit-vectors as integers decide
///   them in milliseconds;
/// - quantified: its defaults decide most; saturating instantiation with
///   the instances the array queries of calloc_zero_safe.c and
///   array_fill_safe.c at -O0 that its defaults answer unknown on; SyGuS
///   instantiation the one of div_safe.c's Spacer certificate at -O2 (with
///   existentials over integers) on which the others search without end;
///   its defaults again, longer, the bit-vector one of int128_safe.c's
///   Spacer certificate under `--int bv` (13 s, where cvc5 1.0.3 crashed
///   when its time per query stopped it). None runs until the deadline: an
///   instantiation that does not end would hold the answer (and its
///   portfolio member) there, where UNKNOWN lets the portfolio go on.
fn strategies(kind: Kind) -> &'static [Strategy] {
    const DEFAULTS: Strategy = Strategy { instances: false, options: &[], per_query_ms: Some(2000), alone: false };
    const BV_AS_INT: Strategy =
        Strategy { instances: false, options: &["--solve-bv-as-int=sum"], per_query_ms: Some(2000), alone: false };
    const UNTIL_DEADLINE: Strategy = Strategy { instances: false, options: &[], per_query_ms: None, alone: false };
    const PLAIN: [Strategy; 3] = [DEFAULTS, BV_AS_INT, UNTIL_DEADLINE];
    const MIXED: [Strategy; 3] = [BV_AS_INT, DEFAULTS, UNTIL_DEADLINE];
    const QUANTIFIED: [Strategy; 4] = [
        Strategy { instances: false, options: &[], per_query_ms: Some(1000), alone: false },
        Strategy { instances: true, options: &["--full-saturate-quant"], per_query_ms: Some(2000), alone: false },
        Strategy { instances: false, options: &["--sygus-inst"], per_query_ms: Some(5000), alone: true },
        Strategy { instances: false, options: &[], per_query_ms: Some(20_000), alone: false },
    ];
    match kind {
        Kind::Plain => &PLAIN,
        Kind::Mixed => &MIXED,
        Kind::Quantified => &QUANTIFIED,
    }
}

/// One query of a certificate check, as SMT-LIB commands.
#[derive(Clone, Debug)]
pub struct Query {
    /// What it asks.
    pub what: Obligation,
    /// Its declarations and assertions.
    text: String,
    /// With quantifiers: its declarations and assertions together with its
    /// instances (`smt::instances::ground`).
    with_instances: Option<String>,
    kind: Kind,
}

/// The queries of a certificate check, in the order Z3 asked them.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub queries: Vec<Query>,
}

/// The script of the queries (each a conjunction, unsatisfiable when the
/// certificate passes it), in their order.
pub fn script(queries: &[(Obligation, Vec<Bool>)]) -> Script {
    let print = |formulas: &[Bool]| -> String {
        commands(&benchmark(formulas)).iter().map(|c| cvc5_names(&crate::chc::horn::standard(c)) + "\n").collect()
    };
    let queries = queries
        .iter()
        .map(|(what, formulas)| {
            let quantified = formulas.iter().any(|f| crate::smt::terms::has_quantifier(&Dynamic::from_ast(f)));
            let instances = if quantified { crate::smt::instances::ground(formulas) } else { None };
            let text = print(formulas);
            let kind = match quantified {
                true => Kind::Quantified,
                false if RENAMED.iter().any(|(_, cvc5)| text.contains(cvc5)) => Kind::Mixed,
                false => Kind::Plain,
            };
            Query { what: *what, text, with_instances: instances.map(|g| print(&[formulas, &g[..]].concat())), kind }
        })
        .collect();
    Script { queries }
}

impl Script {
    /// The script of the queries `picked` (with their instances, if asked
    /// and they have any): in a `(push 1)` … `(check-sat)` `(pop 1)` scope
    /// each, or, without `scopes`, one query alone.
    fn text(&self, picked: &[usize], instances: bool, scopes: bool) -> String {
        let mut text = String::from("(set-logic ALL)\n");
        for &i in picked {
            let q = &self.queries[i];
            let body = match (&q.with_instances, instances) {
                (Some(w), true) => w,
                _ => &q.text,
            };
            if scopes {
                text.push_str("(push 1)\n");
            }
            text.push_str(body);
            text.push_str("(check-sat)\n");
            if scopes {
                text.push_str("(pop 1)\n");
            }
        }
        text.push_str("(exit)\n");
        text
    }
}

/// Z3's SMT-LIB benchmark of the conjunction of `formulas`: declarations,
/// assertions, and lines this module does not keep.
fn benchmark(formulas: &[Bool]) -> String {
    let ctx = z3::Context::thread_local();
    let (last, rest) = match formulas.split_last() {
        Some((last, rest)) => (last.clone(), rest),
        None => (Bool::from_bool(true), &[][..]),
    };
    let rest: Vec<z3_sys::Z3_ast> = rest.iter().map(|f| f.get_z3_ast()).collect();
    let empty = c"";
    // SAFETY: every AST belongs to this thread's context (the caller's terms
    // were built here); Z3 copies the text into a buffer of the context that
    // stays valid until the next call, and it is copied out at once.
    unsafe {
        let text = z3_sys::Z3_benchmark_to_smtlib_string(
            ctx.get_z3_context(),
            empty.as_ptr(),
            empty.as_ptr(),
            c"unknown".as_ptr(),
            empty.as_ptr(),
            rest.len() as u32,
            rest.as_ptr(),
            last.get_z3_ast(),
        );
        if text.is_null() {
            return String::new();
        }
        std::ffi::CStr::from_ptr(text).to_string_lossy().into_owned()
    }
}

/// The declarations and assertions of a benchmark's text, one top-level
/// command each (`set-info`, `set-logic`, `check-sat` and comments dropped).
fn commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            ';' => {
                // a comment, to the end of the line
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '|' | '"' => {
                // a quoted symbol or a string (`""` inside a string is a quote)
                while let Some((_, d)) = chars.next() {
                    if d == c {
                        if c == '"' && chars.peek().is_some_and(|(_, e)| *e == '"') {
                            chars.next();
                            continue;
                        }
                        break;
                    }
                }
            }
            '(' => {
                if depth == 0 {
                    start = Some(i);
                }
                depth += 1;
            }
            ')' => {
                depth = depth.saturating_sub(1);
                if let Some(s) = start.filter(|_| depth == 0) {
                    start = None;
                    let command = &text[s..=i];
                    let head = command[1..].trim_start();
                    if ["declare-", "define-", "assert"].iter().any(|k| head.starts_with(k)) {
                        out.push(command.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The SMT-LIB 2.7 names Z3 5.3.2 prints for the conversions between
/// bit-vectors and integers, and the SMT-LIB 2.6 names cvc5 1.0.3 reads for
/// the same functions (`smt::canon` keeps every one of them from naming a
/// constant).
const RENAMED: [(&str, &str); 2] = [("ubv_to_int", "bv2nat"), ("int_to_bv", "int2bv")];

/// `text` with the symbols of [`RENAMED`] (outside quoted symbols and
/// strings) in cvc5's names.
fn cvc5_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut token = String::new();
    let mut quote = None;
    let flush = |token: &mut String, out: &mut String| {
        let t = std::mem::take(token);
        out.push_str(RENAMED.iter().find(|(z3, _)| *z3 == t).map_or(&t, |(_, cvc5)| cvc5));
    };
    for c in text.chars() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == q {
                    quote = None;
                }
            }
            None if c == '|' || c == '"' => {
                flush(&mut token, &mut out);
                quote = Some(c);
                out.push(c);
            }
            None if c.is_whitespace() || c == '(' || c == ')' || c == ';' => {
                flush(&mut token, &mut out);
                out.push(c);
            }
            None => token.push(c),
        }
    }
    flush(&mut token, &mut out);
    out
}

/// A certificate cvc5 validated.
#[derive(Clone, Debug)]
pub struct Validated {
    /// The queries it answered `unsat`.
    pub queries: usize,
    /// Of them, those it decided only with their instances.
    pub with_instances: usize,
    pub seconds: f64,
}

/// Why a certificate is not validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// cvc5 found a query satisfiable: what fails ("consecution fails on the
    /// edge A -> B (file:line)").
    Rejected(String),
    /// cvc5 could not be run, failed, or did not decide a query: why.
    Undecided(String),
    /// The deadline came, or the run was cancelled, before cvc5 answered
    /// every query: the deadline's reason ("timeout", "cancelled").
    Stopped(String),
}

/// cvc5's answer to one query.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Unsat,
    Sat,
    Unknown,
    /// No answer: what it printed instead (an error), or nothing.
    Failed(String),
}

/// Checks the script's queries with cvc5 (`$UFO_CVC5`, else `cvc5` on
/// `PATH`) before the deadline: the queries of each [`Kind`] by its
/// [`strategies`] in turn.
pub fn validate(p: &Program, script: &Script, deadline: &Deadline) -> Result<Validated, Invalid> {
    let t = Instant::now();
    let exe = std::env::var(CVC5_VAR).unwrap_or_else(|_| SOLVER.to_string());
    let mut with_instances = 0;
    // why cvc5 gave no answer on a query, where it failed (crashed, when its
    // time per query interrupted the SAT solver of its bit-vectors: cvc5
    // 1.0.3's CaDiCaL "can only get value in satisfied state")
    let mut failures: Vec<Option<String>> = vec![None; script.queries.len()];
    for kind in [Kind::Plain, Kind::Mixed, Kind::Quantified] {
        let mut left: Vec<usize> = (0..script.queries.len()).filter(|&i| script.queries[i].kind == kind).collect();
        for strategy in strategies(kind) {
            if left.is_empty() {
                break;
            }
            let answers = ask(&exe, script, &left, strategy, deadline)?;
            let mut undecided = Vec::new();
            for (&i, a) in left.iter().zip(answers) {
                let q = &script.queries[i];
                match a {
                    Answer::Unsat => with_instances += usize::from(strategy.instances && q.with_instances.is_some()),
                    Answer::Sat => return Err(Invalid::Rejected(q.what.fails(p))),
                    Answer::Unknown => {
                        failures[i] = None;
                        undecided.push(i);
                    }
                    Answer::Failed(_) if deadline.expired() => return Err(Invalid::Stopped(deadline.stop_reason())),
                    // the next strategy asks again
                    Answer::Failed(out) if strategy.per_query_ms.is_some() => {
                        failures[i] = Some(out);
                        undecided.push(i);
                    }
                    Answer::Failed(out) => return Err(Invalid::Undecided(failed(p, q.what, &out))),
                }
            }
            left = undecided;
        }
        if let Some(&i) = left.first() {
            let what = script.queries[i].what;
            return Err(Invalid::Undecided(match &failures[i] {
                Some(out) => failed(p, what, out),
                None => format!("cvc5 answered unknown on {}", what.what(p)),
            }));
        }
    }
    let queries = script.queries.len();
    Ok(Validated { queries, with_instances, seconds: t.elapsed().as_secs_f64() })
}

/// cvc5's answers to the queries `picked`, asked by `strategy`.
fn ask(
    exe: &str,
    script: &Script,
    picked: &[usize],
    strategy: &Strategy,
    deadline: &Deadline,
) -> Result<Vec<Answer>, Invalid> {
    let mut options: Vec<String> = strategy.options.iter().map(|o| o.to_string()).collect();
    options.extend(strategy.per_query_ms.map(|ms| format!("--tlimit-per={ms}")));
    // cvc5 does not always stop at its time per query (bit-vectors as
    // integers, int128_safe.c's Spacer certificate under bv): a second
    // more per query, then it is killed
    let limit = |n: usize| strategy.per_query_ms.map(|ms| Duration::from_millis((ms + 1000) * n as u64));
    if !strategy.alone {
        options.push("--incremental".into());
        let text = script.text(picked, strategy.instances, true);
        return Ok(answers(&run(exe, &options, &text, limit(picked.len()), deadline)?, picked.len()));
    }
    let mut out = Vec::new();
    for &i in picked {
        let text = script.text(&[i], strategy.instances, false);
        out.extend(answers(&run(exe, &options, &text, limit(1), deadline)?, 1));
    }
    Ok(out)
}

/// Why cvc5 gave no answer on a query: what it printed there, or nothing.
fn failed(p: &Program, what: Obligation, out: &str) -> String {
    match out {
        "" => format!("cvc5 gave no answer on {}", what.what(p)),
        out => format!("cvc5 failed on {}: {out}", what.what(p)),
    }
}

/// The answers to `n` queries in cvc5's output: one line each, then, where
/// a line is not an answer, that line and the rest (on one line) as the
/// failure of that query and of every later one.
fn answers((out, err): &(String, String), n: usize) -> Vec<Answer> {
    let lines: Vec<&str> = out.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let mut answers = Vec::with_capacity(n);
    for (i, line) in lines.iter().enumerate().take(n) {
        answers.push(match *line {
            "unsat" => Answer::Unsat,
            "sat" => Answer::Sat,
            "unknown" => Answer::Unknown,
            _ => {
                let rest = one_line(&format!("{} {err}", lines[i..].join(" ")));
                answers.resize(n, Answer::Failed(rest));
                return answers;
            }
        });
    }
    // (it ended early: what it said on its error output)
    answers.resize(n, Answer::Failed(one_line(err)));
    answers
}

/// `text` on one line, at most 200 characters.
fn one_line(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(200) {
        Some((i, _)) => format!("{}...", &line[..i]),
        None => line,
    }
}

/// What ended a run of cvc5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// Killed at the deadline, or on a cancel.
    Deadline,
    /// Killed past its own limit.
    Limit,
}

/// Runs `exe` with `options` on the script, killed past `limit` (if any)
/// and at the deadline; its output (a line per `check-sat`, or an error
/// where it failed) and error output (past the limit: that it was stopped
/// there). `Err` if it could not run, or the deadline stopped it.
fn run(
    exe: &str,
    options: &[String],
    script: &str,
    limit: Option<Duration>,
    deadline: &Deadline,
) -> Result<(String, String), Invalid> {
    if deadline.expired() {
        return Err(Invalid::Stopped(deadline.stop_reason()));
    }
    let mut cmd = Command::new(exe);
    cmd.args(["--lang", "smt2"]).args(options);
    if let Some(left) = deadline.remaining() {
        cmd.arg(format!("--tlimit={}", left.as_millis().max(1)));
    }
    let started = Instant::now();
    let stop = |_| {
        if deadline.expired() {
            Some(End::Deadline)
        } else {
            limit.is_some_and(|l| started.elapsed() > l).then_some(End::Limit)
        }
    };
    let ran = crate::child::run(cmd, script.as_bytes(), POLL, stop)
        .map_err(|e| Invalid::Undecided(format!("cannot run cvc5 ({exe}: {e}; {CVC5_VAR} names another)")))?;
    let out = String::from_utf8_lossy(&ran.stdout).into_owned();
    let (out, err) = match ran.ended {
        crate::child::Ended::Stopped(End::Limit) => {
            (Some(out), format!("stopped past its time per query ({:.0} s)", limit.unwrap_or_default().as_secs_f64()))
        }
        crate::child::Ended::Stopped(End::Deadline) => (None, ran.stderr),
        crate::child::Ended::Exited(_) => (Some(out), ran.stderr),
    };
    let Some(out) = out else { return Err(Invalid::Stopped(deadline.stop_reason())) };
    if err.contains("interrupted by timeout") {
        // its own `--tlimit`: the time left before the deadline
        return Err(Invalid::Stopped("timeout".into()));
    }
    Ok((out, err))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_keep_declarations_and_assertions() {
        let text = "; benchmark\n(set-info :status unknown)\n(declare-fun |a b| () Int)\n\
                    (declare-fun x () Int)\n(assert (let ((a!1 (+ x 1))) (> a!1 |a b|)))\n\
                    (assert (= x (str.len \"(\"\"\")))\n(check-sat)\n";
        assert_eq!(
            cvc5_names("(= ((_ int_to_bv 8) i) (ite (ubv_to_int x) |ubv_to_int| \"int_to_bv\" ubv_to_int!v))"),
            "(= ((_ int2bv 8) i) (ite (bv2nat x) |ubv_to_int| \"int_to_bv\" ubv_to_int!v))"
        );
        assert_eq!(
            commands(text),
            [
                "(declare-fun |a b| () Int)",
                "(declare-fun x () Int)",
                "(assert (let ((a!1 (+ x 1))) (> a!1 |a b|)))",
                "(assert (= x (str.len \"(\"\"\")))",
            ]
        );
    }
}
