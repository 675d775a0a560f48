//! The engine configuration, declared once (DESIGN.md "Engines"): the
//! options `ufo verify`, `UFO_OPTIONS` (the plugin, `ufo cc`), `ufo bench`
//! and `ufo compare-opt` accept ([`EngineArgs`], flattened into each of their
//! parsers, so the command-line names come from here), and the configuration
//! an engine is built from ([`EngineConfig`], one variant per engine with the
//! options it reads; its serde form names the engine in reports).
//!
//! Adding an engine: a variant of [`EngineKind`] (its CLI name), a variant
//! of [`EngineConfig`] with its options, one arm in [`EngineArgs::config`],
//! and one line in the registry `engines::engine`.

use crate::smt::IntSemantics;
use serde::Serialize;

/// Which engine runs (`--engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// UFO (papers/ufo-under-over-approximations.txt) with the POST of `--post`.
    Ufo,
    /// Bounded model checking: one query for all paths up to `--bound` steps.
    Bmc,
    /// Pure over-approximation-driven lazy abstraction with Cartesian predicate
    /// abstraction: labels only from POST, refinement only adds predicates.
    Cp,
    /// The same with Boolean predicate abstraction.
    Bp,
}

/// The abstract POST of the UFO engine (`--post`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostKind {
    /// uUFO: POST = true.
    True,
    /// cpUFO: Cartesian predicate abstraction.
    Cartesian,
    /// bpUFO: Boolean predicate abstraction.
    Boolean,
}

/// The command-line name of a value of a `clap::ValueEnum`.
fn cli_name<T: clap::ValueEnum>(v: &T) -> String {
    v.to_possible_value().map(|p| p.get_name().to_string()).unwrap_or_default()
}

impl EngineKind {
    pub fn as_str(self) -> String {
        cli_name(&self)
    }
}

impl PostKind {
    pub fn as_str(self) -> String {
        cli_name(&self)
    }
}

/// The engine options of every command that runs an engine.
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct EngineArgs {
    /// Verification engine.
    #[arg(long, value_enum, default_value = "ufo")]
    pub engine: EngineKind,
    /// POST operator of the UFO engine.
    #[arg(long, value_enum, default_value = "true")]
    pub post: PostKind,
    /// Integer semantics.
    #[arg(long = "int", value_enum, default_value = "lia")]
    pub int: IntSemantics,
    /// BMC bound: number of steps (edges) to unroll.
    #[arg(long, default_value_t = 50)]
    pub bound: usize,
    /// Maximum number of refinement iterations.
    #[arg(long)]
    pub max_iterations: Option<usize>,
    /// Check every refinement against Definition 2 of the UFO paper (slower).
    #[arg(long)]
    pub check_labels: bool,
}

impl Default for EngineArgs {
    fn default() -> Self {
        EngineArgs {
            engine: EngineKind::Ufo,
            post: PostKind::True,
            int: IntSemantics::Lia,
            bound: 50,
            max_iterations: None,
            check_labels: false,
        }
    }
}

/// What an engine is built from: one variant per engine, with its options.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "engine", rename_all = "lowercase")]
pub enum EngineConfig {
    Ufo { post: PostKind, max_iterations: Option<usize>, check_labels: bool },
    Cp { max_iterations: Option<usize>, check_labels: bool },
    Bp { max_iterations: Option<usize>, check_labels: bool },
    Bmc { bound: usize },
}

impl EngineConfig {
    /// UFO with `post` and no other limit.
    pub fn ufo(post: PostKind) -> EngineConfig {
        EngineConfig::Ufo { post, max_iterations: None, check_labels: false }
    }
    /// BMC to `bound` steps.
    pub fn bmc(bound: usize) -> EngineConfig {
        EngineConfig::Bmc { bound }
    }
}

impl EngineArgs {
    /// The configuration the options select.
    pub fn config(&self) -> EngineConfig {
        let (max_iterations, check_labels) = (self.max_iterations, self.check_labels);
        match self.engine {
            EngineKind::Ufo => EngineConfig::Ufo { post: self.post, max_iterations, check_labels },
            EngineKind::Cp => EngineConfig::Cp { max_iterations, check_labels },
            EngineKind::Bp => EngineConfig::Bp { max_iterations, check_labels },
            EngineKind::Bmc => EngineConfig::Bmc { bound: self.bound },
        }
    }

    /// The options as `ufo verify` spells them (for the processes `bench`
    /// and `compare-opt` start): every option, so a child sees exactly these.
    pub fn to_args(&self) -> Vec<String> {
        let mut v = vec![
            "--engine".to_string(),
            self.engine.as_str(),
            "--post".into(),
            self.post.as_str(),
            "--int".into(),
            self.int.as_str().into(),
            "--bound".into(),
            self.bound.to_string(),
        ];
        if let Some(n) = self.max_iterations {
            v.extend(["--max-iterations".to_string(), n.to_string()]);
        }
        if self.check_labels {
            v.push("--check-labels".into());
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        engine: EngineArgs,
    }

    #[test]
    fn the_spelled_options_parse_back_to_the_same_options() {
        let samples = [
            vec!["--engine", "bmc", "--bound", "7", "--int", "bv"],
            vec!["--post", "cartesian", "--max-iterations", "3", "--check-labels"],
            vec!["--engine", "bp"],
            vec![],
        ];
        for s in samples {
            let a = Cli::parse_from(std::iter::once("x").chain(s.iter().copied())).engine;
            let again = Cli::parse_from(std::iter::once("x".to_string()).chain(a.to_args())).engine;
            assert_eq!(a, again, "{s:?}");
        }
        assert_eq!(Cli::parse_from(["x"]).engine, EngineArgs::default());
    }

    #[test]
    fn each_engine_gets_its_own_options() {
        let a = Cli::parse_from(["x", "--engine", "bmc", "--bound", "9", "--post", "boolean"]).engine;
        assert_eq!(a.config(), EngineConfig::Bmc { bound: 9 });
        let u = Cli::parse_from(["x", "--post", "boolean", "--max-iterations", "4"]).engine;
        assert_eq!(
            u.config(),
            EngineConfig::Ufo { post: PostKind::Boolean, max_iterations: Some(4), check_labels: false }
        );
        assert_eq!(serde_json::to_value(u.config()).unwrap()["engine"], "ufo");
        assert_eq!(EngineKind::Cp.as_str(), "cp");
        assert_eq!(PostKind::Cartesian.as_str(), "cartesian");
    }
}
