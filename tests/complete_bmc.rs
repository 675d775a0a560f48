//! BMC with unwinding assertions (issue 43 §3, `engines::bmc`,
//! `cfg::unroll::unwinding`): SAFE when every execution of the sliced
//! program ends within the bound, with the bound as certificate, which the check decides again by
//! its own query; never SAFE for a loop without a bound. The random
//! programs of tests/fuzz.rs hold its SAFE answers against a native oracle.

mod common;

use std::time::{Duration, Instant};
use ufo::frontend::{self, FrontendOptions, OptLevel};
use ufo::smt::IntSemantics;

fn program(file: &str, opt: OptLevel) -> ufo::ir::Program {
    let opts = FrontendOptions { opt, ..Default::default() };
    let p = frontend::build_program(&[common::root().join(file).to_string_lossy().into_owned()], &opts).unwrap();
    ufo::cfg::slice::slice_vars(&ufo::cfg::slice::slice(&p).0)
}

#[test]
fn the_popcount_loop_is_safe_by_a_complete_unrolling_within_ten_seconds() {
    for args in [&["--engine", "bmc", "--int", "bv"][..], &["--portfolio", "bmc-bv"][..]] {
        let t = Instant::now();
        let (code, out, err) =
            common::ufo(&[&["verify", "tests/data/popcount.c", "--json", "--timeout", "10"][..], args].concat());
        let took = t.elapsed();
        let r: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
        assert_eq!(r["verdict"], "SAFE", "{args:?}: {r}");
        assert_eq!(code, 0);
        let steps = r["certificate"]["complete_within"].as_u64().expect("a complete unrolling");
        // 31 rounds at most (rand() is below 2^31), two steps more to the end
        assert!((33..=101).contains(&steps), "{steps}");
        assert!(took < Duration::from_secs(10), "{args:?}: {took:?}");
        assert_eq!(err, "", "nothing on stderr (Z3's messages stay in the member's process)");
    }
}

#[test]
fn the_check_decides_the_bound_of_a_complete_unrolling_again() {
    let p = program("tests/data/popcount.c", OptLevel::O2);
    // 31 rounds of the loop take 31 steps, plus the entry and the exit
    assert_eq!(ufo::check::cert::complete_within(&p, IntSemantics::Bv, 40).map(|s| s.is_none()), Ok(true));
    let short = ufo::check::cert::complete_within(&p, IntSemantics::Bv, 20).unwrap_err();
    assert!(short.contains("goes on past 20 steps"), "{short}");
    // under lia the bit operation is over-approximated: no bound is complete
    assert!(ufo::check::cert::complete_within(&p, IntSemantics::Lia, 40).is_err());
}

#[test]
fn a_loop_without_a_bound_is_never_safe_by_bmc() {
    // at -O0 the loop stays in the slice (at -O2 clang proves the assertion
    // and the slice has no loop: every execution that can still reach the
    // error ends at once, and SAFE is right)
    let args = ["verify", "tests/data/toggle_forever.c", "--json", "--engine", "bmc", "--bound", "8", "--opt", "O0"];
    let (_, out, _) = common::ufo(&args);
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["verdict"], "UNKNOWN", "{r}");
    assert_eq!(r["reason"], "no error within 8 steps (bounded model checking)");
    let p = program("tests/data/toggle_forever.c", OptLevel::O0);
    for steps in [2, 9, 64] {
        assert!(ufo::check::cert::complete_within(&p, IntSemantics::Lia, steps).is_err(), "{steps}");
    }
}
