//! The engine configuration, declared once (DESIGN.md "Engines"): the
//! options `ufo verify`, `UFO_OPTIONS` (the plugin, `ufo cc`), `ufo bench`
//! and `ufo compare-opt` accept ([`EngineArgs`], flattened into each of their
//! parsers, so the command-line names come from here), and the configuration
//! an engine is built from ([`EngineConfig`], one variant per engine with the
//! options it reads; its serde form names the engine in reports).
//!
//! The engines themselves (their `--engine` names, members and how each is
//! configured) come from the registry (`super::registry`); an engine's
//! configuration is its own type behind [`Configuration`].

use super::registry::{
    self, EngineSpec, DEFAULT_BUG_PORTFOLIO, DEFAULT_MEMORY_PORTFOLIO, DEFAULT_PORTFOLIO, DEFAULT_PROCEDURES_PORTFOLIO,
    DEFAULT_RECURSION_PORTFOLIO,
};
use super::Engine;
use crate::ir::{IntSemantics, Program};
use serde::Serialize;
use std::sync::Arc;

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
    /// Memory abstracted to one cell per region (`chc::cells`): quantified
    /// invariants over arrays from quantifier-free ones over cells; proves,
    /// never refutes.
    Cells,
    /// Recursive functions as procedures with summaries (non-linear
    /// clauses, `chc::procedures`): proves programs whose recursion stays,
    /// never refutes; the default mode on a program without such recursion.
    Procedures,
    /// Spacer's defaults, given the invariants `maxsmt` proves on its way
    /// (at most a quarter of the time) as lemmas of their locations.
    Maxsmt,
}

/// The numeric abstract domain of the `ai` and `dagger` engines (`--domain`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum DomainKind {
    /// One interval per variable (Box).
    Interval,
    /// Disjunctions of at most 8 boxes (Boxes).
    Boxes,
    /// Disjunctions of at most 8 boxes of strided intervals: an interval
    /// and a congruence modulo a power of two per variable (parity).
    StridedBoxes,
    /// Conjunctions of `±x ± y ≤ c` (octagons).
    Octagon,
    /// Conjunctions of linear constraints `Σ aᵢ·xᵢ ≤ c` (convex polyhedra).
    Polyhedra,
}

/// How DAGGER explores the abstract states (`--exploration`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Exploration {
    /// A tree: one node per path (§2).
    Tree,
    /// A DAG: images joined at merge locations, merge nodes split by
    /// refinement (§3).
    Dag,
}

impl Exploration {
    pub fn as_str(self) -> String {
        cli_name(&self)
    }
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
    /// Octagons (`±x ± y ≤ c`), as `box` otherwise.
    Octagon,
    /// Convex polyhedra (`Σ aᵢ·xᵢ ≤ c`), as `box` otherwise.
    Polyhedra,
    /// Explicit values (papers/explicit-value-cegar-interpolation.txt §III-A)
    /// joined in the flat lattice (constant propagation), with the
    /// predicates of refined labels, as `box` otherwise.
    Explicit,
}

/// The command-line name of a value of a `clap::ValueEnum`.
fn cli_name<T: clap::ValueEnum>(v: &T) -> String {
    v.to_possible_value().map(|p| p.get_name().to_string()).unwrap_or_default()
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
    #[arg(long, default_value = registry::PORTFOLIO, value_parser = registry::engine_values())]
    pub engine: String,
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
    /// The abstract domain of the ai and dagger engines.
    #[arg(long, value_enum, default_value = "interval")]
    pub domain: DomainKind,
    /// DAGGER: explore a tree (§2) or a DAG (§3).
    #[arg(long, value_enum, default_value = "tree")]
    pub exploration: Exploration,
    /// Portfolio members, in the order they start (`registry::portfolio_help`
    /// names them).
    #[arg(long, default_value = DEFAULT_PORTFOLIO, help = registry::portfolio_help())]
    pub portfolio: String,
    /// Threads of the portfolio (default: the machine's cores, at most one per
    /// member); with fewer threads than members, they take turns with time slices. (`ufo verify`
    /// also takes it as `--jobs`.)
    #[arg(long = "portfolio-jobs")]
    pub portfolio_jobs: Option<usize>,
    /// Maximum number of refinement iterations (DAGGER: refinements, default
    /// 10000).
    #[arg(long)]
    pub max_iterations: Option<usize>,
    /// TRACER, DAGGER: the most nodes of the search tree (TRACER's memo
    /// table has at most one entry per node; DAGGER counts deleted nodes
    /// too); past them the answer is UNKNOWN.
    #[arg(long, default_value_t = crate::engines::tracer::MAX_NODES)]
    pub max_nodes: usize,
    /// TRACER: the longest path it explores, in edges; past it the answer is
    /// UNKNOWN.
    #[arg(long, default_value_t = crate::engines::tracer::MAX_DEPTH)]
    pub max_depth: usize,
    /// Check every refinement against Definition 2 of the UFO paper (slower).
    #[arg(long)]
    pub check_labels: bool,
    /// After Z3's check accepted a SAFE answer's certificate, check its
    /// queries again with cvc5 ($UFO_CVC5, default cvc5 on PATH); an answer
    /// cvc5 does not confirm is UNKNOWN.
    #[arg(long)]
    pub validate: bool,
    /// Paths an engine that explores them (TRACER) keeps as tests, at most
    /// (`ufo verify --tests DIR --tests-max N`; 0: none).
    #[arg(skip)]
    pub tests: usize,
}

impl Default for EngineArgs {
    fn default() -> Self {
        EngineArgs {
            engine: registry::PORTFOLIO.into(),
            post: PostKind::True,
            int: IntSemantics::Lia,
            bound: 50,
            spacer_mode: SpacerMode::Default,
            domain: DomainKind::Interval,
            exploration: Exploration::Tree,
            portfolio: DEFAULT_PORTFOLIO.into(),
            portfolio_jobs: None,
            max_iterations: None,
            max_nodes: crate::engines::tracer::MAX_NODES,
            max_depth: crate::engines::tracer::MAX_DEPTH,
            check_labels: false,
            validate: false,
            tests: 0,
        }
    }
}

/// How an engine is configured: its own type (in its module), built from
/// the options by its module's configure function (the registry's
/// `registry::Configure`).
pub trait Configuration: std::fmt::Debug + Send + Sync {
    /// The engine's registry entry.
    fn spec(&self) -> &'static EngineSpec;
    /// The engine, for the (sliced) program `p`.
    fn build(&self, p: &Program) -> Box<dyn Engine>;
    /// Its options as data (`{"bound": 50, "deepen": true}`), for reports
    /// and comparisons.
    fn options(&self) -> serde_json::Value;
}

/// An engine's configuration, shared by the threads that run it.
#[derive(Clone)]
pub struct EngineConfig(pub Arc<dyn Configuration>);

impl EngineConfig {
    pub fn new(c: impl Configuration + 'static) -> EngineConfig {
        EngineConfig(Arc::new(c))
    }
    pub fn spec(&self) -> &'static EngineSpec {
        self.0.spec()
    }
    pub fn build(&self, p: &Program) -> Box<dyn Engine> {
        self.0.build(p)
    }
    /// `{"engine": NAME, ...options}`.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = self.0.options();
        if let serde_json::Value::Object(o) = &mut v {
            o.insert("engine".into(), self.spec().name.into());
        }
        v
    }
}

impl PartialEq for EngineConfig {
    fn eq(&self, other: &EngineConfig) -> bool {
        self.to_json() == other.to_json()
    }
}

impl std::fmt::Debug for EngineConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

impl EngineArgs {
    /// The configuration the options select (`None` for a portfolio, whose
    /// members have their own: [`EngineArgs::members`]).
    pub fn config(&self) -> Option<EngineConfig> {
        registry::engine(&self.engine).and_then(|e| super::configure(e.name, false, self))
    }

    /// The engines to run: the `--portfolio` members, or the one engine.
    pub fn members(&self) -> Result<Vec<Member>, String> {
        self.members_for(false)
    }

    /// The engines to run on a program with memory regions (`memory`) or
    /// without: the default portfolio of a program with regions is
    /// [`DEFAULT_MEMORY_PORTFOLIO`].
    pub fn members_for(&self, memory: bool) -> Result<Vec<Member>, String> {
        let list =
            if memory && self.portfolio == DEFAULT_PORTFOLIO { DEFAULT_MEMORY_PORTFOLIO } else { &self.portfolio };
        self.members_of(list)
    }

    /// The engines to run on `p`: those of [`EngineArgs::members_for`] its
    /// memory regions or not, except where SAFE is out of reach
    /// (`Program::safe_blocked`: recursion to a bound, an error function
    /// inlined beyond recognition), where the default portfolio is its bug
    /// finders, [`DEFAULT_BUG_PORTFOLIO`] (`ai` can only prove), with Spacer
    /// on the procedures' clauses where recursion stays as procedures
    /// ([`DEFAULT_PROCEDURES_PORTFOLIO`]), and where
    /// recursion became loops, where it has BMC too
    /// ([`DEFAULT_RECURSION_PORTFOLIO`]).
    pub fn members_for_program(&self, p: &crate::ir::Program) -> Result<Vec<Member>, String> {
        let default = self.config().is_none() && self.portfolio == DEFAULT_PORTFOLIO;
        if default && p.procedures.as_ref().is_some_and(|ps| ps.main.safe_blocked.is_none()) {
            return self.members_of(DEFAULT_PROCEDURES_PORTFOLIO);
        }
        if default && p.safe_blocked.is_some() {
            return self.members_of(DEFAULT_BUG_PORTFOLIO);
        }
        if default && !p.recursive.is_empty() && !p.has_regions() {
            return self.members_of(DEFAULT_RECURSION_PORTFOLIO);
        }
        self.members_for(p.has_regions())
    }

    /// The one engine, or the members `list` names.
    fn members_of(&self, list: &str) -> Result<Vec<Member>, String> {
        if let Some(config) = self.config() {
            return Ok(vec![Member { name: self.engine.clone(), config, sem: self.int }]);
        }
        let mut out = Vec::new();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let (base, sem) = match name.strip_suffix("-bv") {
                Some(b) => (b, IntSemantics::Bv),
                None => (name, self.int),
            };
            let Some(config) = registry::is_member(base).then(|| super::configure(base, true, self)).flatten() else {
                return Err(format!(
                    "unknown portfolio member '{name}' (members: {}, each also with -bv)",
                    registry::member_names().join(", ")
                ));
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

    /// The options [`EngineArgs::to_args`] spelled (a member process's).
    pub fn from_args(args: &[String]) -> Result<EngineArgs, String> {
        #[derive(clap::Parser)]
        struct Options {
            #[command(flatten)]
            engine: EngineArgs,
        }
        let argv = std::iter::once("ufo").chain(args.iter().map(String::as_str));
        <Options as clap::Parser>::try_parse_from(argv).map(|o| o.engine).map_err(|e| e.to_string())
    }

    /// The options as `ufo verify` spells them (for the processes `bench`
    /// and `compare-opt` start): every option, so a child sees exactly these.
    pub fn to_args(&self) -> Vec<String> {
        let mut v = vec![
            "--engine".to_string(),
            self.engine.clone(),
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
            "--exploration".into(),
            self.exploration.as_str(),
            "--portfolio".into(),
            self.portfolio.clone(),
            "--max-nodes".into(),
            self.max_nodes.to_string(),
            "--max-depth".into(),
            self.max_depth.to_string(),
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
pub(crate) mod tests {
    /// The members of the default portfolio, in order.
    const DEFAULT_MEMBERS: [&str; 9] =
        ["ai", "ai-octagon", "ai-boxes", "ai-strided", "simulate", "spacer", "explicit-pred", "spacer-global", "ufo"];

    use super::*;
    use clap::{CommandFactory, Parser};

    /// The long `--help` of the engine options.
    pub(crate) fn long_help() -> String {
        Cli::command().render_long_help().to_string()
    }

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
            assert_eq!(EngineArgs::from_args(&a.to_args()), Ok(a), "{s:?}");
        }
        assert_eq!(Cli::parse_from(["x"]).engine, EngineArgs::default());
    }

    #[test]
    fn each_engine_gets_its_own_options() {
        use crate::engines::{ai, bmc, spacer, ufo};
        let bmc = |bound, deepen| EngineConfig::new(bmc::Config { bound, deepen, quick: false });
        let spacer = |mode| EngineConfig::new(spacer::Config { mode });
        let a = Cli::parse_from(["x", "--engine", "bmc", "--bound", "9", "--post", "boolean"]).engine;
        assert_eq!(a.config(), Some(bmc(9, false)));
        let u = Cli::parse_from(["x", "--engine", "ufo", "--post", "boolean", "--max-iterations", "4"]).engine;
        let boolean = ufo::Config { post: PostKind::Boolean, od: false, max_iterations: Some(4), check_labels: false };
        assert_eq!(u.config(), Some(EngineConfig::new(boolean)));
        assert_eq!(u.config().unwrap().to_json()["engine"], "ufo");
        let cp = Cli::parse_from(["x", "--engine", "cp"]).engine.config().unwrap();
        assert_eq!((cp.spec().name, cp.to_json()["od"].as_bool()), ("cp", Some(true)));
        let pf =
            Cli::parse_from(["x", "--engine", "portfolio", "--portfolio", "ufo-bv, spacer-global,bmc", "--bound", "7"]);
        let m = pf.engine.members().unwrap();
        let names: Vec<&str> = m.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["ufo-bv", "spacer-global", "bmc"]);
        assert_eq!((m[0].sem, m[1].sem), (IntSemantics::Bv, IntSemantics::Lia));
        assert_eq!(m[1].config, spacer(SpacerMode::Global));
        assert_eq!(m[2].config, bmc(7, true));
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
        assert_eq!(
            names(&default, true),
            [
                "ai",
                "ai-octagon",
                "ai-boxes",
                "arrays",
                "spacer-global",
                "bmc-quick",
                "spacer-cells",
                "bmc",
                "spacer",
                "ufo"
            ]
        );
        assert_eq!(names(&default, false), DEFAULT_MEMBERS);
        assert_eq!(default.members().unwrap()[1].config, EngineConfig::new(ai::Config { domain: DomainKind::Octagon }));
        assert_eq!(default.members().unwrap()[2].config, EngineConfig::new(ai::Config { domain: DomainKind::Boxes }));
        assert!(default.members().unwrap()[2].config.spec().runs_alone, "ai-boxes runs alone");
        assert_eq!(
            default.members().unwrap()[3].config,
            EngineConfig::new(ai::Config { domain: DomainKind::StridedBoxes })
        );
        let simulate = &default.members().unwrap()[4].config;
        assert!(simulate.spec().runs_alone && simulate.spec().name == "simulate", "the simulation runs alone");
        let own = Cli::parse_from(["x", "--portfolio", "ufo,spacer-cells"]).engine;
        assert_eq!(names(&own, true), ["ufo", "spacer-cells"]);
        assert_eq!(own.members_for(true).unwrap()[1].config, spacer(SpacerMode::Cells));
    }

    #[test]
    fn a_bounded_program_gets_the_bug_finders_and_a_loop_from_recursion_gets_bmc() {
        use crate::ir::Program;
        let names = |a: &EngineArgs, p: &Program| -> Vec<String> {
            a.members_for_program(p).unwrap().into_iter().map(|m| m.name).collect()
        };
        let default = Cli::parse_from(["x"]).engine;
        let plain = Program::default();
        assert_eq!(names(&default, &plain), DEFAULT_MEMBERS);
        let bounded = Program { safe_blocked: Some("recursion bound reached".into()), ..Default::default() };
        assert_eq!(names(&default, &bounded), ["bmc", "spacer-global", "spacer"]);
        let looped = Program { recursive: vec!["fact".into()], ..Default::default() };
        assert_eq!(names(&default, &looped), ["ai", "ai-octagon", "ai-boxes", "spacer-global", "bmc", "spacer", "ufo"]);
        // members the user names are the members
        let own = Cli::parse_from(["x", "--portfolio", "ai,ufo"]).engine;
        assert_eq!(names(&own, &bounded), ["ai", "ufo"]);
    }
}
