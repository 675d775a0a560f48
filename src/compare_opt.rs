//! `ufo compare-opt`: verifies one program at several optimization levels and
//! puts the answers side by side (level, verdict, time, iterations, ARG nodes,
//! program size). Each level runs as its own `ufo verify` process under the
//! bench's hard limits ([`crate::bench::process`]), so one stuck level cannot
//! hold the others. When one level is SAFE and another UNSAFE, the report says
//! so loudly: both answers passed ufo's independent checks (certificate and
//! replay), so the compiled programs really behave differently, which for a
//! C program almost always means undefined behaviour the optimizer exploited.

use crate::bench::process::{self, Ending, Limits};
use crate::bench::KILL_GRACE;
use serde::Serialize;
use std::fmt::Write;
use std::path::Path;
use std::process::Command;

/// The answer at one level.
#[derive(Clone, Debug, Serialize)]
pub struct LevelResult {
    pub level: String,
    pub verdict: String,
    pub reason: Option<String>,
    /// Wall-clock seconds of the whole run.
    pub time: f64,
    pub iterations: Option<u64>,
    pub arg_nodes: Option<u64>,
    pub locations: Option<u64>,
    pub variables: Option<u64>,
    /// The counterexample's inputs (`function() = value`), for UNSAFE.
    pub inputs: Vec<String>,
}

/// Levels that answered SAFE and UNSAFE, when both exist.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    pub safe: Vec<String>,
    #[serde(rename = "unsafe")]
    pub unsafe_: Vec<String>,
    pub explanation: String,
}

/// The whole comparison (`--json` prints it; schema `ufo-compare-opt/1`).
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub schema: &'static str,
    pub files: Vec<String>,
    pub levels: Vec<LevelResult>,
    pub disagreement: Option<Disagreement>,
}

/// Runs `ufo verify FILES --opt L --json VERIFY_ARGS` for every level, one
/// after the other (so that their times compare); `progress` is told of each
/// level before it starts (`None` once all are done).
pub fn compare(
    ufo: &Path,
    files: &[String],
    levels: &[String],
    verify_args: &[String],
    timeout: f64,
    progress: &dyn Fn(Option<&str>),
) -> Comparison {
    let results = levels
        .iter()
        .map(|l| {
            progress(Some(l));
            run_level(ufo, files, l, verify_args, timeout)
        })
        .collect::<Vec<_>>();
    progress(None);
    let disagreement = disagreement(&results);
    Comparison { schema: "ufo-compare-opt/1", files: files.to_vec(), levels: results, disagreement }
}

fn run_level(ufo: &Path, files: &[String], level: &str, verify_args: &[String], timeout: f64) -> LevelResult {
    let mut cmd = Command::new(ufo);
    cmd.arg("verify").args(files).args(["--opt", level, "--json", "--timeout", &timeout.to_string()]);
    cmd.args(verify_args);
    let mut r = LevelResult {
        level: level.to_string(),
        verdict: "UNKNOWN".into(),
        reason: None,
        time: 0.0,
        iterations: None,
        arg_nodes: None,
        locations: None,
        variables: None,
        inputs: Vec::new(),
    };
    let f = match process::run(cmd, Limits { kill_after: timeout + KILL_GRACE, memory_mb: None }) {
        Ok(f) => f,
        Err(e) => {
            r.reason = Some(format!("cannot start {}: {e}", ufo.display()));
            return r;
        }
    };
    r.time = f.wall;
    match serde_json::from_str::<serde_json::Value>(f.stdout.trim()) {
        Ok(j) => {
            r.verdict = j["verdict"].as_str().unwrap_or("UNKNOWN").to_string();
            r.reason = j["reason"].as_str().map(str::to_string);
            r.iterations = j["stats"]["iterations"].as_u64();
            r.arg_nodes = j["stats"]["arg_nodes"].as_u64();
            r.locations = j["program"]["locations"].as_u64();
            r.variables = j["program"]["variables"].as_u64();
            if r.verdict == "UNSAFE" {
                for i in j["counterexample"]["inputs"].as_array().into_iter().flatten() {
                    r.inputs.push(format!("{}() = {}", i["func"].as_str().unwrap_or("?"), i["value"]));
                }
            }
        }
        Err(_) => {
            r.reason = Some(match f.ending {
                Ending::Killed => "killed at the time limit".to_string(),
                _ => f.stderr.trim().lines().last().unwrap_or("no answer").trim_start_matches("ufo: ").to_string(),
            })
        }
    }
    r
}

fn disagreement(results: &[LevelResult]) -> Option<Disagreement> {
    let with = |v: &str| results.iter().filter(|r| r.verdict == v).map(|r| r.level.clone()).collect::<Vec<_>>();
    let (safe, unsafe_) = (with("SAFE"), with("UNSAFE"));
    if safe.is_empty() || unsafe_.is_empty() {
        return None;
    }
    let inputs = results.iter().find(|r| r.verdict == "UNSAFE").map(|r| r.inputs.join(", ")).unwrap_or_default();
    let explanation = format!(
        "the code compiled at {u} reaches the error (its counterexample replayed{with_inputs}) while the code \
         compiled at {s} provably cannot (its invariant was checked). The optimizer changed what the program does: \
         the likely cause is undefined behaviour on that path (signed integer overflow, an oversized shift, an \
         uninitialized variable, a side-effect-free infinite loop) that {s} assumed never happens and {u} executes. \
         Fix the undefined behaviour; until then no level's verdict speaks for the others.",
        u = unsafe_.join(", "),
        s = safe.join(", "),
        with_inputs = if inputs.is_empty() { String::new() } else { format!(" with {inputs}") },
    );
    Some(Disagreement { safe, unsafe_, explanation })
}

fn opt_num(x: Option<u64>) -> String {
    x.map(|v| v.to_string()).unwrap_or_else(|| "–".into())
}

impl Comparison {
    /// The table and, when levels disagree, the loud report.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.files.join(" "));
        let _ = writeln!(out, "| level | verdict | time (s) | iterations | ARG nodes | locations | variables |");
        let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|");
        for r in &self.levels {
            let verdict = match &r.reason {
                Some(why) if r.verdict == "UNKNOWN" => format!("UNKNOWN ({why})"),
                _ => r.verdict.clone(),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {:.2} | {} | {} | {} | {} |",
                r.level,
                verdict,
                r.time,
                opt_num(r.iterations),
                opt_num(r.arg_nodes),
                opt_num(r.locations),
                opt_num(r.variables)
            );
        }
        if let Some(d) = &self.disagreement {
            let _ = writeln!(
                out,
                "\n!!! DISAGREEMENT: SAFE at {}, UNSAFE at {} !!!\n{}",
                d.safe.join(", "),
                d.unsafe_.join(", "),
                d.explanation
            );
        }
        out
    }

    /// 10 if any level is UNSAFE, 0 if all are SAFE, 20 otherwise.
    pub fn exit_code(&self) -> i32 {
        if self.levels.iter().any(|r| r.verdict == "UNSAFE") {
            crate::error::EXIT_UNSAFE
        } else if !self.levels.is_empty() && self.levels.iter().all(|r| r.verdict == "SAFE") {
            crate::error::EXIT_SAFE
        } else {
            crate::error::EXIT_UNKNOWN
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(l: &str, v: &str) -> LevelResult {
        LevelResult {
            level: l.into(),
            verdict: v.into(),
            reason: None,
            time: 0.1,
            iterations: Some(1),
            arg_nodes: Some(3),
            locations: Some(4),
            variables: Some(2),
            inputs: if v == "UNSAFE" { vec!["__VERIFIER_nondet_int() = 2147483647".into()] } else { vec![] },
        }
    }

    fn comparison(levels: Vec<LevelResult>) -> Comparison {
        let disagreement = disagreement(&levels);
        Comparison { schema: "ufo-compare-opt/1", files: vec!["p.c".into()], levels, disagreement }
    }

    #[test]
    fn safe_and_unsafe_levels_are_reported_as_a_disagreement() {
        let c = comparison(vec![level("O0", "UNSAFE"), level("O1", "UNKNOWN"), level("O2", "SAFE")]);
        let d = c.disagreement.as_ref().expect("a disagreement");
        assert_eq!((d.safe.clone(), d.unsafe_.clone()), (vec!["O2".to_string()], vec!["O0".to_string()]));
        let t = c.to_text();
        assert!(t.contains("DISAGREEMENT: SAFE at O2, UNSAFE at O0"), "{t}");
        assert!(t.contains("undefined behaviour") && t.contains("= 2147483647"), "{t}");
        assert_eq!(c.exit_code(), 10);
    }

    #[test]
    fn agreement_and_unknowns_are_not_disagreements() {
        let c = comparison(vec![level("O0", "SAFE"), level("O2", "SAFE")]);
        assert!(c.disagreement.is_none());
        assert_eq!(c.exit_code(), 0);
        let c = comparison(vec![level("O0", "SAFE"), level("O2", "UNKNOWN")]);
        assert!(c.disagreement.is_none() && !c.to_text().contains("DISAGREEMENT"));
        assert_eq!(c.exit_code(), 20);
        let c = comparison(vec![level("O0", "UNSAFE"), level("O2", "UNKNOWN")]);
        assert_eq!(c.exit_code(), 10);
    }
}
