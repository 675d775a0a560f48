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
    /// Z3's Spacer on the whole program's Horn clauses (those of `export-chc`),
    /// with its own preprocessing; mode `--spacer-mode`.
    Spacer,
    /// Abstract interpretation in the domain of `--domain` (widening at loop
    /// heads, then narrowing); proves, never refutes.
    Ai,
    /// The members of `--portfolio` on `--jobs` threads; the first answer that
    /// passes the independent check wins, the others are cancelled.
    Portfolio,
}

/// The members `--portfolio` names by default, in the order they start.
/// `ai` first: intervals answer in milliseconds; where they do not prove,
/// `ai-boxes` (disjunctions of boxes) does in milliseconds what they miss
/// (3 more shared tasks), and the simpler interval invariant is the answer
/// where both prove. Both run alone, so the members after them get the
/// same share of time as without them. Then,
/// chosen from per-member benches of the shared set (60 s): `spacer` and
/// `spacer-global` solve 95 each but different ones, `ufo` adds the systemc
/// and locks tasks neither Spacer solves quickly; with two threads the first
/// member gets half the time and the second all of it, so the setting that
/// is rarely slow starts first (README "Engines" has the numbers).
pub const DEFAULT_PORTFOLIO: &str = "ai,ai-boxes,spacer-global,spacer,ufo";

/// The default members for a program with memory regions: the cell
/// abstraction proves the fill-and-check loops whose invariants quantify over
/// cells (`llvm-tests/memory`), and BMC finds the bugs behind loops over
/// memory, which the others rarely refute in time (README "Engines").
pub const DEFAULT_MEMORY_PORTFOLIO: &str = "ai,ai-boxes,spacer-global,spacer-cells,bmc,spacer,ufo";

/// The names a portfolio member may have: an engine, with `-bv` for
/// bit-precise integers.
pub const MEMBER_NAMES: [&str; 14] = [
    "ufo",
    "ufo-cartesian",
    "ufo-boolean",
    "ufo-box",
    "ufo-boxes",
    "cp",
    "bp",
    "spacer",
    "spacer-global",
    "spacer-cells",
    "bmc",
    "ai",
    "ai-boxes",
    "ufo-bv",
];

/// One engine of a portfolio: its configuration and its integer semantics.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// Its name in `--portfolio` and in reports (`ufo-bv`, `spacer-global`).
    pub name: String,
    pub config: EngineConfig,
    pub sem: IntSemantics,
}

/// How the `spacer` engine runs Spacer (`--spacer-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum SpacerMode {
    /// Spacer's default options.
    Default,
    /// Global guidance with the inductive generalizer (fp.spacer.global,
    /// fp.spacer.use_inductive_generalizer): solves other tasks than the default.
    Global,
    /// Memory abstracted to one cell per region (`smt::cells`): quantified
    /// invariants over arrays from quantifier-free ones over cells; proves,
    /// never refutes.
    Cells,
}

/// The numeric abstract domain of the `ai` engine (`--domain`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum DomainKind {
    /// One interval per variable (Box).
    Interval,
    /// Disjunctions of at most 8 boxes (Boxes).
    Boxes,
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
    /// The interval domain (Vinta: UFO's SV-COMP 2013 configuration), with
    /// widening at loop heads and thresholds from refined labels.
    Box,
    /// Disjunctions of at most 8 boxes, as `box` otherwise.
    Boxes,
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

impl SpacerMode {
    pub fn as_str(self) -> String {
        cli_name(&self)
    }
}

impl DomainKind {
    pub fn as_str(self) -> String {
        cli_name(&self)
    }
}

/// The engine options of every command that runs an engine.
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct EngineArgs {
    /// Verification engine.
    #[arg(long, value_enum, default_value = "portfolio")]
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
    /// How the spacer engine runs Spacer.
    #[arg(long, value_enum, default_value = "default")]
    pub spacer_mode: SpacerMode,
    /// The abstract domain of the ai engine.
    #[arg(long, value_enum, default_value = "interval")]
    pub domain: DomainKind,
    /// Portfolio members, in the order they start (names: ufo (with --post),
    /// ufo-cartesian, ufo-boolean, ufo-box, ufo-boxes, cp, bp, spacer, spacer-global, spacer-cells, bmc (with
    /// --bound), ai (with --domain), ai-boxes; `-bv` after one of them for bit-precise integers, e.g. ufo-bv).
    /// The default is ai,ai-boxes,spacer-global,spacer-cells,bmc,spacer,ufo for a program
    /// with memory regions.
    #[arg(long, default_value = DEFAULT_PORTFOLIO)]
    pub portfolio: String,
    /// Threads of the portfolio (default: the machine's cores, at most one per
    /// member); with fewer threads than members, they take turns with time slices. (`ufo verify`
    /// also takes it as `--jobs`.)
    #[arg(long = "portfolio-jobs")]
    pub portfolio_jobs: Option<usize>,
    /// Maximum number of refinement iterations.
    #[arg(long)]
    pub max_iterations: Option<usize>,
    /// Check every refinement against Definition 2 of the UFO paper (slower).
    #[arg(long)]
    pub check_labels: bool,
    /// After Z3's check accepted a SAFE answer's certificate, check its
    /// queries again with cvc5 ($UFO_CVC5, default cvc5 on PATH); an answer
    /// cvc5 does not confirm is UNKNOWN.
    #[arg(long)]
    pub validate: bool,
}

impl Default for EngineArgs {
    fn default() -> Self {
        EngineArgs {
            engine: EngineKind::Portfolio,
            post: PostKind::True,
            int: IntSemantics::Lia,
            bound: 50,
            spacer_mode: SpacerMode::Default,
            domain: DomainKind::Interval,
            portfolio: DEFAULT_PORTFOLIO.into(),
            portfolio_jobs: None,
            max_iterations: None,
            check_labels: false,
            validate: false,
        }
    }
}

/// What an engine is built from: one variant per engine, with its options
/// (BMC's `deepen`: after "no error within `bound` steps", twice the bound,
/// until the clock ends it; the portfolio's member deepens, `--engine bmc`
/// keeps its bound).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "engine", rename_all = "lowercase")]
pub enum EngineConfig {
    Ufo { post: PostKind, max_iterations: Option<usize>, check_labels: bool },
    Cp { max_iterations: Option<usize>, check_labels: bool },
    Bp { max_iterations: Option<usize>, check_labels: bool },
    Bmc { bound: usize, deepen: bool },
    Spacer { mode: SpacerMode },
    Ai { domain: DomainKind },
}

impl EngineConfig {
    /// UFO with `post` and no other limit.
    pub fn ufo(post: PostKind) -> EngineConfig {
        EngineConfig::Ufo { post, max_iterations: None, check_labels: false }
    }
    /// BMC to `bound` steps.
    pub fn bmc(bound: usize) -> EngineConfig {
        EngineConfig::Bmc { bound, deepen: false }
    }
}

impl EngineArgs {
    /// The configuration the options select (`None` for a portfolio, whose
    /// members have their own: [`EngineArgs::members`]).
    pub fn config(&self) -> Option<EngineConfig> {
        let (max_iterations, check_labels) = (self.max_iterations, self.check_labels);
        Some(match self.engine {
            EngineKind::Ufo => EngineConfig::Ufo { post: self.post, max_iterations, check_labels },
            EngineKind::Cp => EngineConfig::Cp { max_iterations, check_labels },
            EngineKind::Bp => EngineConfig::Bp { max_iterations, check_labels },
            EngineKind::Bmc => EngineConfig::Bmc { bound: self.bound, deepen: false },
            EngineKind::Spacer => EngineConfig::Spacer { mode: self.spacer_mode },
            EngineKind::Ai => EngineConfig::Ai { domain: self.domain },
            EngineKind::Portfolio => return None,
        })
    }

    /// The engines to run: the `--portfolio` members, or the one engine.
    pub fn members(&self) -> Result<Vec<Member>, String> {
        self.members_for(false)
    }

    /// The engines to run on a program with memory regions (`memory`) or
    /// without: the default portfolio of a program with regions is
    /// [`DEFAULT_MEMORY_PORTFOLIO`].
    pub fn members_for(&self, memory: bool) -> Result<Vec<Member>, String> {
        if let Some(config) = self.config() {
            return Ok(vec![Member { name: self.engine.as_str(), config, sem: self.int }]);
        }
        let list =
            if memory && self.portfolio == DEFAULT_PORTFOLIO { DEFAULT_MEMORY_PORTFOLIO } else { &self.portfolio };
        let mut out = Vec::new();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let (base, sem) = match name.strip_suffix("-bv") {
                Some(b) => (b, IntSemantics::Bv),
                None => (name, self.int),
            };
            let (max_iterations, check_labels) = (self.max_iterations, self.check_labels);
            let config = match base {
                "ufo" => EngineConfig::Ufo { post: self.post, max_iterations, check_labels },
                "ufo-cartesian" => EngineConfig::Ufo { post: PostKind::Cartesian, max_iterations, check_labels },
                "ufo-boolean" => EngineConfig::Ufo { post: PostKind::Boolean, max_iterations, check_labels },
                "ufo-box" => EngineConfig::Ufo { post: PostKind::Box, max_iterations, check_labels },
                "ufo-boxes" => EngineConfig::Ufo { post: PostKind::Boxes, max_iterations, check_labels },
                "cp" => EngineConfig::Cp { max_iterations, check_labels },
                "bp" => EngineConfig::Bp { max_iterations, check_labels },
                "spacer" => EngineConfig::Spacer { mode: SpacerMode::Default },
                "spacer-global" => EngineConfig::Spacer { mode: SpacerMode::Global },
                "spacer-cells" => EngineConfig::Spacer { mode: SpacerMode::Cells },
                "bmc" => EngineConfig::Bmc { bound: self.bound, deepen: true },
                "ai" => EngineConfig::Ai { domain: self.domain },
                "ai-boxes" => EngineConfig::Ai { domain: DomainKind::Boxes },
                _ => {
                    return Err(format!(
                        "unknown portfolio member '{name}' (members: {}, each also with -bv)",
                        MEMBER_NAMES.iter().filter(|n| !n.ends_with("-bv")).copied().collect::<Vec<_>>().join(", ")
                    ))
                }
            };
            if out.iter().any(|m: &Member| m.name == name) {
                return Err(format!("portfolio member '{name}' named twice"));
            }
            out.push(Member { name: name.to_string(), config, sem });
        }
        if out.is_empty() {
            return Err("--portfolio names no member".into());
        }
        Ok(out)
    }

    /// The portfolio's threads: `--jobs`, else the machine's cores; at most
    /// one per member.
    pub fn threads(&self, members: usize) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.portfolio_jobs.unwrap_or(cores).clamp(1, members.max(1))
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
            "--spacer-mode".into(),
            self.spacer_mode.as_str(),
            "--domain".into(),
            self.domain.as_str(),
            "--portfolio".into(),
            self.portfolio.clone(),
        ];
        if let Some(n) = self.portfolio_jobs {
            v.extend(["--portfolio-jobs".to_string(), n.to_string()]);
        }
        if let Some(n) = self.max_iterations {
            v.extend(["--max-iterations".to_string(), n.to_string()]);
        }
        if self.check_labels {
            v.push("--check-labels".into());
        }
        if self.validate {
            v.push("--validate".into());
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
            vec!["--engine", "ai", "--validate"],
            vec!["--engine", "bp"],
            vec!["--engine", "spacer", "--spacer-mode", "global"],
            vec!["--engine", "portfolio", "--portfolio", "ufo-bv,spacer", "--portfolio-jobs", "1"],
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
        assert_eq!(a.config(), Some(EngineConfig::Bmc { bound: 9, deepen: false }));
        let u = Cli::parse_from(["x", "--engine", "ufo", "--post", "boolean", "--max-iterations", "4"]).engine;
        assert_eq!(
            u.config(),
            Some(EngineConfig::Ufo { post: PostKind::Boolean, max_iterations: Some(4), check_labels: false })
        );
        assert_eq!(serde_json::to_value(u.config()).unwrap()["engine"], "ufo");
        assert_eq!(EngineKind::Cp.as_str(), "cp");
        let pf =
            Cli::parse_from(["x", "--engine", "portfolio", "--portfolio", "ufo-bv, spacer-global,bmc", "--bound", "7"]);
        let m = pf.engine.members().unwrap();
        let names: Vec<&str> = m.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["ufo-bv", "spacer-global", "bmc"]);
        assert_eq!((m[0].sem, m[1].sem), (IntSemantics::Bv, IntSemantics::Lia));
        assert_eq!(m[1].config, EngineConfig::Spacer { mode: SpacerMode::Global });
        assert_eq!(m[2].config, EngineConfig::Bmc { bound: 7, deepen: true });
        let bad = Cli::parse_from(["x", "--engine", "portfolio", "--portfolio", "ufo,nope"]).engine.members();
        assert!(bad.unwrap_err().contains("unknown portfolio member 'nope'"));
        assert_eq!(Cli::parse_from(["x"]).engine.config(), None, "the portfolio is the default");
        let lone = Cli::parse_from(["x", "--engine", "bmc"]).engine.members().unwrap();
        assert_eq!(lone.len(), 1);
        assert_eq!(lone[0].name, "bmc");
        assert_eq!(PostKind::Cartesian.as_str(), "cartesian");
        // a program with memory regions gets the memory default, unless the
        // user named the members
        let names = |a: &EngineArgs, memory: bool| -> Vec<String> {
            a.members_for(memory).unwrap().into_iter().map(|m| m.name).collect()
        };
        let default = Cli::parse_from(["x"]).engine;
        assert_eq!(names(&default, true), ["ai", "ai-boxes", "spacer-global", "spacer-cells", "bmc", "spacer", "ufo"]);
        assert_eq!(names(&default, false), ["ai", "ai-boxes", "spacer-global", "spacer", "ufo"]);
        assert_eq!(default.members().unwrap()[1].config, EngineConfig::Ai { domain: DomainKind::Boxes });
        let own = Cli::parse_from(["x", "--portfolio", "ufo,spacer-cells"]).engine;
        assert_eq!(names(&own, true), ["ufo", "spacer-cells"]);
        assert_eq!(own.members_for(true).unwrap()[1].config, EngineConfig::Spacer { mode: SpacerMode::Cells });
    }
}
