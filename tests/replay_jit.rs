//! The replay by LLVM's JIT (`frontend::jit`, issue 43 §1): a trace runs on
//! the module the frontend read, in a forked child, with every input a
//! replay supplies; a 32-bit module is compiled by LLVM in a child with the
//! harness in IR and linked by clang; what neither can run (an unresolved
//! function, a null call in a 32-bit module) goes to the clang build; a run that does not reach the error is
//! decided as such. Each test would fail if the JIT did not run the program
//! (the `By` of the answer) or ran it with other inputs (the twin that must
//! not reach the error).

use std::time::{Duration, Instant};
use ufo::error::SrcLoc;
use ufo::frontend::{build_program, DataModel, FrontendOptions, Properties, Property};
use ufo::ir::InputSource;
use ufo::replay::{self, By, Entry, Replay, Target};
use ufo::trace::{Input, Trace};

fn file(name: &str) -> String {
    format!("{}/tests/data/replay_jit/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn input(source: InputSource, func: &str, value: i128) -> Input {
    Input { func: func.into(), source, value, at: SrcLoc::default(), function: String::new() }
}

/// The program whose `x + 1 < x` overflows on the way to the error.
fn overflow() -> String {
    format!("{}/llvm-tests/ub/signed_overflow.c", env!("CARGO_MANIFEST_DIR"))
}

fn nondet(value: i128) -> Input {
    input(InputSource::Nondet, "__VERIFIER_nondet_int", value)
}

fn target(property: Property) -> Target {
    Target { property: Properties::of(&[property]), trap: false, null_call: false, fault: None }
}

/// Replays `inputs` on `name` built with `dm`.
fn replay_with(name: &str, dm: DataModel, target: Target, inputs: Vec<Input>) -> Replay {
    replay_path(file(name), dm, target, inputs)
}

/// The same for the file at `path`.
fn replay_path(path: String, dm: DataModel, target: Target, inputs: Vec<Input>) -> Replay {
    let files = vec![path];
    let opts = FrontendOptions { data_model: dm, ..FrontendOptions::default() };
    let p = build_program(&files, &opts).expect("the test program builds");
    assert!(p.executable.is_some(), "the frontend keeps the module it read");
    let trace = Trace { inputs, ..Trace::default() };
    let entry = Entry { name: "main".into(), params: vec![] };
    replay::replay(&files, &[], p.executable.as_ref(), dm, &entry, target, &trace, None, Duration::from_secs(3))
}

fn replay(name: &str, target: Target, inputs: Vec<Input>) -> Replay {
    replay_with(name, DataModel::Lp64, target, inputs)
}

fn inputs(a: i128) -> Vec<Input> {
    vec![
        nondet(a),
        input(InputSource::Argc, "main", 2),
        input(InputSource::ArgvNumber { index: 1 }, "atoi", 7),
        input(InputSource::Library { function: "rand".into() }, "rand", 11),
        input(InputSource::ScanfResult { format: "%d".into() }, "scanf", 1),
        input(InputSource::ScanfValue { format: "%d".into(), index: 0 }, "scanf", 5),
        input(InputSource::Env { name: "UFO_JIT_TEST".into() }, "getenv", 1),
    ]
}

#[test]
fn every_input_reaches_the_program_run_by_the_jit() {
    let t = Instant::now();
    let r = replay("inputs.c", target(Property::Assertions), inputs(3));
    assert_eq!(r, Replay::Reached(None, By::Jit));
    // a JIT replay costs milliseconds, not clang builds (generous for a loaded machine)
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    // its twin: one value off, the run ends normally, decided without clang
    match replay("inputs.c", target(Property::Assertions), inputs(4)) {
        Replay::NotReached(why) => assert!(why.contains("exit status: 0"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_programs_own_error_and_nondet_functions_are_replaced() {
    let bool_and_char = |b: i128, c: i128| {
        vec![
            input(InputSource::Nondet, "__VERIFIER_nondet_uchar", c),
            input(InputSource::Nondet, "__VERIFIER_nondet_bool", b),
        ]
    };
    // 200 read back as an unsigned char (sign-extended -56 would be another value)
    assert_eq!(
        replay("svcomp_error.c", target(Property::UnreachCall), bool_and_char(1, 200)),
        Replay::Reached(None, By::Jit)
    );
    assert!(matches!(
        replay("svcomp_error.c", target(Property::UnreachCall), bool_and_char(0, 200)),
        Replay::NotReached(_)
    ));
}

#[test]
fn undefined_behaviour_on_the_way_is_reported_by_the_jits_checks() {
    let r = replay_path(overflow(), DataModel::Lp64, target(Property::Assertions), vec![nondet(i32::MAX as i128)]);
    let Replay::Reached(Some(ub), By::Jit) = r else { panic!("{r:?}") };
    assert_eq!((ub.kind, ub.at.line, ub.at.col), ("signed-overflow", 12, 9), "{ub:?}");
    assert_eq!(ub.message, "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'");
    assert!(ub.at.file.ends_with("signed_overflow.c"), "{ub:?}");
}

#[test]
fn a_trap_and_a_call_through_a_null_pointer_are_the_error_reached() {
    let trap = Target { trap: true, ..target(Property::Assertions) };
    assert_eq!(replay("trap.c", trap, vec![nondet(13)]), Replay::Reached(None, By::Jit));
    assert!(matches!(replay("trap.c", trap, vec![nondet(12)]), Replay::NotReached(_)));
    let null = Target { null_call: true, ..target(Property::Assertions) };
    assert_eq!(replay("null_call.c", null, vec![nondet(9)]), Replay::Reached(None, By::Jit));
    assert!(matches!(replay("null_call.c", null, vec![nondet(8)]), Replay::NotReached(_)));
}

#[test]
fn a_run_that_does_not_end_is_stopped_at_the_limit() {
    let t = Instant::now();
    match replay("loops_forever.c", target(Property::Assertions), vec![nondet(0)]) {
        // (run as written for a tenth of a second, then optimized in the rest)
        Replay::NotReached(why) => assert!(why.contains("did not reach the error within 2.9s"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(t.elapsed() < Duration::from_secs(6), "{:?}", t.elapsed());
    assert_eq!(
        replay("loops_forever.c", target(Property::Assertions), vec![nondet(1)]),
        Replay::Reached(None, By::Jit)
    );
}

#[test]
fn what_the_jit_cannot_run_goes_to_the_clang_build() {
    // an unresolved function: the JIT gives up, and so does the link
    match replay("unresolved.c", target(Property::Assertions), vec![nondet(1)]) {
        Replay::Impossible(why) => assert!(why.contains("linking"), "{why}"),
        other => panic!("{other:?}"),
    }
    // a call through a null pointer in a 32-bit module: the C harness's fault handler
    let null = Target { null_call: true, ..target(Property::Assertions) };
    assert_eq!(replay_with("null_call.c", DataModel::Ilp32, null, vec![nondet(9)]), Replay::Reached(None, By::Clang));
}

#[test]
fn a_32_bit_module_is_compiled_by_llvm_with_the_harness_in_ir() {
    let t = Instant::now();
    let r = replay_with("inputs.c", DataModel::Ilp32, target(Property::Assertions), inputs(3));
    assert_eq!(r, Replay::Reached(None, By::Native));
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert!(matches!(
        replay_with("inputs.c", DataModel::Ilp32, target(Property::Assertions), inputs(4)),
        Replay::NotReached(_)
    ));
    let trap = Target { trap: true, ..target(Property::Assertions) };
    assert_eq!(replay_with("trap.c", DataModel::Ilp32, trap, vec![nondet(13)]), Replay::Reached(None, By::Native));
    let char_and_bool = |b: i128, c: i128| {
        vec![
            input(InputSource::Nondet, "__VERIFIER_nondet_uchar", c),
            input(InputSource::Nondet, "__VERIFIER_nondet_bool", b),
        ]
    };
    let svcomp = |inputs| replay_with("svcomp_error.c", DataModel::Ilp32, target(Property::UnreachCall), inputs);
    assert_eq!(svcomp(char_and_bool(1, 200)), Replay::Reached(None, By::Native));
    assert!(matches!(svcomp(char_and_bool(0, 200)), Replay::NotReached(_)));
    // undefined behaviour on the way, reported by the IR's checks
    let r = replay_path(overflow(), DataModel::Ilp32, target(Property::Assertions), vec![nondet(i32::MAX as i128)]);
    let Replay::Reached(Some(ub), By::Native) = r else { panic!("{r:?}") };
    assert_eq!((ub.kind, ub.at.line, ub.at.col), ("signed-overflow", 12, 9), "{ub:?}");
    assert_eq!(ub.message, "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'");
}

#[test]
fn the_linkers_command_is_kept_and_a_broken_one_replaced() {
    let cache = tempfile::tempdir().unwrap();
    // (other tests of this binary may use this cache too: they keep the same command)
    std::env::set_var("XDG_CACHE_HOME", cache.path());
    let trap = Target { trap: true, ..target(Property::Assertions) };
    assert_eq!(replay_with("trap.c", DataModel::Ilp32, trap, vec![nondet(13)]), Replay::Reached(None, By::Native));
    let kept: Vec<_> = std::fs::read_dir(cache.path().join("ufo")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let command = std::fs::read_to_string(&kept[0]).unwrap();
    // GNU gold where binutils has it (half the CPU of ld.bfd a link), else clang's default
    let linker = if std::path::Path::new("/usr/bin/ld.gold").exists() { "/ld.gold" } else { "/ld" };
    assert!(command.lines().next().unwrap().ends_with(linker), "{command}");
    assert!(command.lines().any(|a| a == "ufo-link-object.o") && command.contains("-m\nelf_i386"), "{command}");
    // a command that no longer links: clang links, and the command is written anew
    std::fs::write(&kept[0], "/nonexistent/ld\nufo-link-object.o").unwrap();
    assert_eq!(replay_with("trap.c", DataModel::Ilp32, trap, vec![nondet(13)]), Replay::Reached(None, By::Native));
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), command);
}

#[test]
fn a_run_too_long_as_written_runs_again_optimized() {
    for dm in [DataModel::Lp64, DataModel::Ilp32] {
        let t = Instant::now();
        let by = if dm == DataModel::Lp64 { By::Jit } else { By::Native };
        // 0x0fffffff outer steps of 10 inner ones: seconds as written
        let r = replay_with("long_loop.c", dm, target(Property::UnreachCall), vec![nondet(0x0fff_ffff)]);
        assert_eq!(r, Replay::Reached(None, by), "{dm:?}");
        assert!(t.elapsed() < Duration::from_millis(1500), "{dm:?}: {:?}", t.elapsed());
        // an even bound: the optimized run ends without the error
        match replay_with("long_loop.c", dm, target(Property::UnreachCall), vec![nondet(0x0fff_fffe)]) {
            Replay::NotReached(why) => assert!(why.contains("exit status: 0"), "{dm:?}: {why}"),
            other => panic!("{dm:?}: {other:?}"),
        }
    }
}

#[test]
fn the_optimized_run_keeps_a_loop_that_never_ends() {
    for dm in [DataModel::Lp64, DataModel::Ilp32] {
        // deleting the endless loop (as C11 would allow) would reach the error
        match replay_with("endless_before_error.c", dm, target(Property::UnreachCall), vec![nondet(0)]) {
            Replay::NotReached(why) => assert!(why.contains("did not reach the error within"), "{dm:?}: {why}"),
            other => panic!("{dm:?}: {other:?}"),
        }
        let by = if dm == DataModel::Lp64 { By::Jit } else { By::Native };
        let r = replay_with("endless_before_error.c", dm, target(Property::UnreachCall), vec![nondet(1)]);
        assert_eq!(r, Replay::Reached(None, by), "{dm:?}");
    }
}
