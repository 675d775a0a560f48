//! The configurations of a bench run and the order of its cells (issue 53).
//!
//! A configuration is one optimization level with one ufo engine, or one
//! level with a baseline (Spacer, Golem on the level's exported clauses).
//! `ufo bench --levels O0,O2 --engines portfolio,bmc --baseline spacer` has
//! six: every level × every engine, and the baseline at every level. A cell
//! is one task under one configuration; a run is the cells of every task.
//!
//! Invariants: labels are unique within a run (a row's `tool` column is its
//! configuration's label, and `--resume` finds finished cells by task and
//! label); a run of one level and one engine labels its configurations as
//! runs before the matrix did (`ufo`, `spacer`, `golem`), so earlier CSVs
//! and tables read the same. Cells are interleaved: task by task, and within
//! a task the configurations start at a rotating offset, so that a slow
//! phase of the machine falls on every configuration alike instead of on
//! the one whose turn it was (BenchExec's table-generator compares runs
//! made this way; SV-COMP runs one configuration at a time on many
//! machines, which a single machine cannot).

use super::Baseline;
use crate::frontend::OptLevel;

/// What a configuration runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Runs {
    /// `ufo verify` with these `--engine` options (`EngineArgs::to_args`).
    Ufo { engine: String, args: Vec<String> },
    /// A peer on the clauses `ufo export-chc` writes at the level.
    Baseline(Baseline),
}

/// One configuration of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The row's `tool` column: unique in the run.
    pub label: String,
    pub level: OptLevel,
    pub runs: Runs,
}

impl Config {
    /// The engine of a ufo configuration.
    pub fn engine(&self) -> Option<&str> {
        match &self.runs {
            Runs::Ufo { engine, .. } => Some(engine),
            Runs::Baseline(_) => None,
        }
    }
}

/// Every level × every engine (each engine's `args` as `ufo verify` takes
/// them), then every baseline at every level; labelled as the module says.
pub fn configs(levels: &[OptLevel], engines: &[(String, Vec<String>)], baselines: &[Baseline]) -> Vec<Config> {
    let at = |name: String, level: OptLevel| {
        if levels.len() > 1 {
            format!("{name} {}", level.as_str())
        } else {
            name
        }
    };
    let mut out = Vec::new();
    for &level in levels {
        for (engine, args) in engines {
            let name = if engines.len() > 1 { format!("ufo:{engine}") } else { "ufo".to_string() };
            out.push(Config {
                label: at(name, level),
                level,
                runs: Runs::Ufo { engine: engine.clone(), args: args.clone() },
            });
        }
    }
    for &b in baselines {
        for &level in levels {
            out.push(Config { label: at(b.name().to_string(), level), level, runs: Runs::Baseline(b) });
        }
    }
    out
}

/// The cells `(task, configuration)` in the order they run: task by task,
/// task `i`'s configurations from `i mod n` on, wrapping around.
pub fn order(tasks: usize, configs: usize) -> Vec<(usize, usize)> {
    (0..tasks).flat_map(|t| (0..configs).map(move |k| (t, (t + k) % configs.max(1)))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(name: &str) -> (String, Vec<String>) {
        (name.to_string(), vec!["--engine".to_string(), name.to_string()])
    }

    #[test]
    fn one_level_and_one_engine_keep_the_labels_of_a_plain_run() {
        let c = configs(&[OptLevel::O2], &[engine("portfolio")], &[Baseline::Spacer]);
        let labels: Vec<&str> = c.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["ufo", "spacer"]);
        assert_eq!(c[0].engine(), Some("portfolio"));
        assert_eq!(c[1].runs, Runs::Baseline(Baseline::Spacer));
    }

    #[test]
    fn a_matrix_names_level_and_engine_and_runs_baselines_at_each_level() {
        let c = configs(&[OptLevel::O0, OptLevel::O2], &[engine("portfolio"), engine("bmc")], &[Baseline::Spacer]);
        let labels: Vec<&str> = c.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(
            labels,
            ["ufo:portfolio O0", "ufo:bmc O0", "ufo:portfolio O2", "ufo:bmc O2", "spacer O0", "spacer O2"]
        );
        assert_eq!(c[3].level, OptLevel::O2);
        assert_eq!(c[3].engine(), Some("bmc"));
        let levels_only = configs(&[OptLevel::O0, OptLevel::O2], &[engine("portfolio")], &[]);
        assert_eq!(levels_only.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["ufo O0", "ufo O2"]);
    }

    #[test]
    fn cells_go_task_by_task_with_a_rotating_first_configuration() {
        assert_eq!(order(3, 2), [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 1)]);
        let cells = order(5, 3);
        assert_eq!(cells.len(), 15);
        // every configuration comes first once per three tasks
        let firsts: Vec<usize> = cells.chunks(3).map(|c| c[0].1).collect();
        assert_eq!(firsts, [0, 1, 2, 0, 1]);
        for t in 0..5 {
            let mut ks: Vec<usize> = cells.iter().filter(|c| c.0 == t).map(|c| c.1).collect();
            ks.sort();
            assert_eq!(ks, [0, 1, 2]);
        }
    }
}
