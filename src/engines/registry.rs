//! The registry of engines (issue 42 §1): one [`EngineSpec`] per engine,
//! written beside the engine in its own module, and one line per engine,
//! `(SPEC, configure)`, in the `engines![...]` of `engines/mod.rs` (beside
//! the `pub mod` lines, so that no file of `engines/` but that folder front
//! names every engine, and no circle runs through this file). Everything
//! else derives from it: the `--engine` values and their help
//! (`engine_values`), the portfolio member names and what each builds
//! (`is_member`, `member_names`, `engines::configure`), the default
//! portfolios, which members run alone, and the
//! engine names the report schema must list (checked by this module's
//! tests, as is the CLI help).
//!
//! Invariants: a name appears once among the engines (plus `portfolio`,
//! which runs members) and once among the members. `engines::ENGINES` is plain
//! data (no function pointers): the command line's help and values read it,
//! and the pass plugin, which parses `UFO_OPTIONS` with the same parser,
//! must not link the engines (and with them Z3, which must not meet the
//! compiler's); the engines' code is reached only through `engines::configure`.

/// What the registry knows of one engine (plain data).
pub struct EngineSpec {
    /// Its `--engine` value and its name in reports.
    pub name: &'static str,
    /// Its line in `--help`.
    pub help: &'static str,
    /// The portfolio members it contributes (each also with `-bv`).
    pub members: &'static [&'static str],
    /// It answers in milliseconds: in a portfolio, no other member starts
    /// while it runs.
    pub runs_alone: bool,
}

/// The name of the engine that runs the `--portfolio` members.
pub const PORTFOLIO: &str = "portfolio";

const PORTFOLIO_HELP: &str =
    "The members of `--portfolio` on `--jobs` threads; the first answer that passes the independent check wins, the others are cancelled";

/// The members `--portfolio` names by default, in the order they start.
/// `ai` first: intervals answer in milliseconds, and their invariant is the
/// simplest where another domain proves too; where they do not prove,
/// `ai-octagon` (octagons: every shared task intervals prove, at the same
/// CPU per task, and 5 more, 44 against 39; loop-invgen/string_concat-noarr
/// was Spacer's in 19 s, now 0.06 s: bench -29i against -29j), then
/// `ai-boxes` (disjunctions of boxes: 3 more shared tasks than intervals),
/// each in milliseconds, then `ai-strided` (boxes of strided intervals,
/// issue 47: parity; loop-acceleration phases_1-1 and diamond_1-1, which
/// no member solved before, in milliseconds). Then `simulate` (random
/// runs of the program, 100 000 edge-body evaluations, at most 0.10 s on a
/// safe task of the shared set; with a budget of 100 000 steps instead, a
/// safe task Spacer answers in 0.1 s cost up to 0.3 s more): most bugs of
/// the shared set within milliseconds, among them
/// systemc/token_ring.15.cil, which no symbolic member finds in time
/// (bench -30c). They run alone, so the members after them get the
/// same share of time as without them. Then,
/// chosen from per-member benches of the shared set (60 s): `spacer` and
/// `spacer-global` solve 95 each but different ones, `ufo` adds the systemc
/// and locks tasks neither Spacer solves quickly; with two threads the first
/// member gets half the time and the second all of it. Plain `spacer` starts
/// first, with the head start (issue 43 §1: cheap members first): most
/// answers of either come within it, and plain Spacer's cost less (global
/// guidance spent 1.3-5.5x the baseline's CPU on the same tasks); global
/// guidance then joins with all the time left for what only it solves
/// (README "Engines" has the numbers). `explicit-pred` joins after the
/// head start, before global guidance (issue 45): explicit values decide
/// the state machines (ssh-simplified, systemc) within seconds where Spacer
/// times out; with it the shared set's answers went from 106 to 110 and
/// the CPU sum from 1394 to 981 s (bench -28m against -28o).
/// `dagger-octagon` (issue 47) is not a default member: alone it answers 77
/// of the shared set (-29m), but none the default members do not, and
/// started beside `spacer` it took the thread `explicit-pred` needs on the
/// ssh-simplified tasks (its proofs there take 15-35 s, explicit-pred's 2 s):
/// the same 110 answers for 1049 s of CPU instead of 845 (-29n).
pub const DEFAULT_PORTFOLIO: &str = "ai,ai-octagon,ai-boxes,ai-strided,simulate,spacer,explicit-pred,spacer-global,ufo";

/// The default members for a program with memory regions: the cell
/// abstraction proves the fill-and-check loops whose invariants quantify over
/// cells (`llvm-tests/memory`), and BMC finds the bugs behind loops over
/// memory, which the others rarely refute in time (README "Engines").
/// `bmc-quick` runs after `spacer-global`'s head start, for at most 2 s: on
/// `llvm-tests/memory` it answers 38 of the 52 program-levels in under 1.6 s
/// each, where `bmc` in its old place after `spacer-cells` started only
/// when `spacer-global`'s slice ended (40 s into a 120 s run:
/// `malloc_sum_unsafe.c` answered after 42 s, `list_safe.c` -O2 after 40 s).
/// `arrays` (templates kept by Houdini, at most 10 s) starts with
/// `spacer-global`: the quantified invariants of fill, copy and sum loops in
/// milliseconds, with no seed (issue 49).
pub const DEFAULT_MEMORY_PORTFOLIO: &str =
    "ai,ai-octagon,ai-boxes,arrays,spacer-global,bmc-quick,spacer-cells,bmc,spacer,ufo";

/// The default members for a program SAFE cannot be claimed of (recursion
/// copied to a bound: `frontend::recursion`): only bugs can be answers, so
/// only the members that find them run, BMC first (the bounded copies are
/// loop-free where the recursion was all there was).
pub const DEFAULT_BUG_PORTFOLIO: &str = "bmc,spacer-global,spacer";

/// The default members for a program whose recursion stays and whose
/// recursive functions are procedures with summaries (`Program::procedures`):
/// the bug finders of [`DEFAULT_BUG_PORTFOLIO`] on the bounded copies, BMC
/// first with the head start (most bugs of recursive programs are within a
/// few levels), and Spacer on the procedures' clauses for proofs.
pub const DEFAULT_PROCEDURES_PORTFOLIO: &str = "bmc,spacer-procedures,spacer-global,spacer";

/// The default members for a program whose recursion became loops
/// (`tailcallelim`): accumulator recursion (`n * fact(n - 1)`) leaves a loop
/// over products, whose bugs BMC unrolls in a second where Spacer's
/// nonlinear search does not end; it runs after `spacer-global`'s head start.
pub const DEFAULT_RECURSION_PORTFOLIO: &str = "ai,ai-octagon,ai-boxes,spacer-global,bmc,spacer,ufo";

/// The engine named `name` (not the portfolio).
pub fn engine(name: &str) -> Option<&'static EngineSpec> {
    super::ENGINES.iter().copied().find(|e| e.name == name)
}

/// Is `name` (without `-bv`) a portfolio member?
pub fn is_member(name: &str) -> bool {
    super::ENGINES.iter().any(|e| e.members.contains(&name))
}

/// Every member name, in registry order.
pub fn member_names() -> Vec<&'static str> {
    super::ENGINES.iter().flat_map(|e| e.members.iter().copied()).collect()
}

/// Every `--engine` value: the engines, then the portfolio.
pub fn engine_names() -> Vec<&'static str> {
    super::ENGINES.iter().map(|e| e.name).chain([PORTFOLIO]).collect()
}

/// The help of `--portfolio`: every member name, and the default for a
/// program with memory regions.
pub fn portfolio_help() -> String {
    format!(
        "Portfolio members, in the order they start (names: {}; `-bv` after one of them for bit-precise integers, e.g. ufo-bv). The default is {} for a program with memory regions",
        member_names().join(", "),
        DEFAULT_MEMORY_PORTFOLIO
    )
}

/// The `--engine` values with their help, for clap.
pub fn engine_values() -> clap::builder::PossibleValuesParser {
    let values = super::ENGINES
        .iter()
        .map(|e| clap::builder::PossibleValue::new(e.name).help(e.help))
        .chain([clap::builder::PossibleValue::new(PORTFOLIO).help(PORTFOLIO_HELP)]);
    clap::builder::PossibleValuesParser::new(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_among_engines_and_among_members() {
        let mut engines = engine_names();
        engines.sort();
        engines.dedup();
        assert_eq!(engines.len(), crate::engines::ENGINES.len() + 1);
        let mut members = member_names();
        let n = members.len();
        members.sort();
        members.dedup();
        assert_eq!(members.len(), n);
        assert!(members.iter().all(|m| !m.ends_with("-bv")), "-bv is a suffix of any member");
    }

    /// Every registered engine is in `--help` with its help line, and in the
    /// report schema's list of engines (which lists nothing else).
    #[test]
    fn every_engine_is_in_the_help_and_in_the_report_schema() {
        let help = super::super::config::tests::long_help();
        for e in crate::engines::ENGINES {
            assert!(
                help.contains(&format!("- {}:", e.name)) && help.contains(e.help.split('`').next().unwrap()),
                "{}",
                e.name
            );
        }
        let schema: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/report.schema.json")).unwrap(),
        )
        .unwrap();
        let listed = find_engine_enum(&schema).expect("the schema lists the engines");
        let mut listed: Vec<&str> = listed.iter().filter_map(|v| v.as_str()).collect();
        let mut registered = engine_names();
        listed.sort();
        registered.sort();
        assert_eq!(listed, registered);
    }

    /// The `enum` of the schema's `engine` property.
    fn find_engine_enum(v: &serde_json::Value) -> Option<&Vec<serde_json::Value>> {
        match v {
            serde_json::Value::Object(o) => {
                if let Some(list) = o.get("engine").and_then(|e| e.get("enum")).and_then(|e| e.as_array()) {
                    return Some(list);
                }
                o.values().find_map(find_engine_enum)
            }
            serde_json::Value::Array(a) => a.iter().find_map(find_engine_enum),
            _ => None,
        }
    }
}
