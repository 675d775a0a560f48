//! Robustness: 200 random modules from `llvm-stress-19` are loaded and
//! translated (and a few verified) without a panic; every run ends with one of
//! the documented exit codes. (llvm-stress modules are mostly floating point;
//! integer-only optimized IR from random C programs is `tests/fuzz.rs`'s
//! second test, judged by the native oracle.)

mod common;
use common::ufo;
use std::process::Command;

#[test]
fn llvm_stress_modules_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let mut seen = std::collections::BTreeMap::new();
    for seed in 1..=200u32 {
        let f = dir.path().join(format!("s{seed}.ll"));
        let st = Command::new("llvm-stress-19")
            .args(["-seed", &seed.to_string(), "-size", "60", "-o"])
            .arg(&f)
            .status()
            .expect("llvm-stress-19 is installed (llvm-19-tools)");
        assert!(st.success());
        let entry = "autogen_SD".to_string() + &seed.to_string();
        let file = f.to_str().unwrap();
        let args: Vec<&str> = if seed % 20 == 0 {
            vec!["verify", file, "--entry", &entry, "--engine", "bmc", "--bound", "5", "--timeout", "20"]
        } else {
            vec!["cfg", file, "--entry", &entry, "--opt", if seed % 2 == 0 { "O2" } else { "O0" }]
        };
        let (code, _, err) = ufo(&args);
        assert!(!err.contains("panicked") && !err.contains("internal error"), "seed {seed}: {err}");
        assert!([0, 2, 10, 20].contains(&code), "seed {seed}: exit {code}: {err}");
        *seen.entry(code).or_insert(0) += 1;
    }
    // the generator makes both modules ufo handles and ones it rejects
    assert!(seen.len() >= 2, "{seen:?}");
}

/// A RERS-like event-condition-action state machine, the shape of SV-COMP's
/// `eca-rers2012` tasks: `vars` global state variables, an if-chain of `rules`
/// rules (an input value and a conjunction of (dis)equalities over the state,
/// then assignments to the state), `errors` checks of a whole state at the
/// end (the first calls `reach_error`), and `main` feeding inputs 1..6 in an
/// endless loop. Deterministic in `seed` (splitmix64).
fn state_machine(seed: u64, vars: usize, rules: usize, errors: usize) -> String {
    let mut state = seed;
    let mut next = move |n: u64| {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n
    };
    let names: Vec<String> = (0..vars).map(|i| format!("a{i}")).collect();
    let values: Vec<[u64; 3]> = (0..vars).map(|_| [next(21), next(21), next(21)]).collect();
    let mut out = String::from(
        "extern void abort(void);\n\
         extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n\
         void reach_error() { __assert_fail(\"0\", \"machine.c\", 3, \"reach_error\"); }\n\
         extern int __VERIFIER_nondet_int(void);\nextern void exit(int);\n",
    );
    for (n, v) in names.iter().zip(&values) {
        out += &format!("int {n} = {};\n", v[0]);
    }
    let condition = |k: usize, next: &mut dyn FnMut(u64) -> u64| {
        let mut picked: Vec<usize> = (0..vars).collect();
        for i in (1..picked.len()).rev() {
            picked.swap(i, next(i as u64 + 1) as usize);
        }
        let mut e = String::new();
        for &v in &picked[..k] {
            let c = values[v][next(3) as usize];
            let atom = match next(10) {
                0..=2 => format!("!({}=={c})", names[v]),
                3..=4 => format!("(({}=={c})||({}=={}))", names[v], names[v], values[v][next(3) as usize]),
                _ => format!("({}=={c})", names[v]),
            };
            e = if e.is_empty() {
                atom
            } else if next(2) == 0 {
                format!("({e}&&{atom})")
            } else {
                format!("({atom}&&{e})")
            };
        }
        e
    };
    out += "int calculate_output(int input) {\n";
    for r in 0..rules {
        let k = 3 + next((vars - 2) as u64) as usize;
        let c = condition(k, &mut next);
        out += &format!("  {}(((input=={})&&{c})) {{\n", if r == 0 { "if" } else { "} else if" }, 1 + next(6));
        for _ in 0..1 + next(vars as u64) {
            let v = next(vars as u64) as usize;
            out += &format!("    {} = {};\n", names[v], values[v][next(3) as usize]);
        }
        out += &format!("    return {};\n", [-1, 21, 22, 23, 24, 25, 26][next(7) as usize]);
    }
    out += "  }\n";
    for e in 0..errors {
        let c = condition(vars, &mut next);
        let body = if e == 0 { "{reach_error();abort();}" } else { "exit(0);" };
        out += &format!("  if({c}) {{ error_{e}: {body} }}\n");
    }
    out += "  return -2;\n}\nint main() {\n  while (1) {\n    int input = __VERIFIER_nondet_int();\n";
    out += "    if ((input != 1) && (input != 2) && (input != 3) && (input != 4) && (input != 5) && (input != 6)) return -2;\n";
    out += "    calculate_output(input);\n  }\n}\n";
    out
}

/// Runs `ufo ARGS` under an address-space limit of `limit_mb` MiB (as `ulimit
/// -v` and `ufo bench` set it, through the bench's own runner); returns how it
/// ended and its output.
fn ufo_under_limit(args: &[&str], limit_mb: u64) -> ufo::bench::process::Finished {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ufo"));
    cmd.args(args).current_dir(common::root());
    let limits = ufo::bench::process::Limits { kill_after: 120.0, memory_mb: Some(limit_mb) };
    ufo::bench::process::run(cmd, limits).expect("ufo runs")
}

/// Issue 56: on state machines of the eca-rers2012 shape every Z3 member
/// grows by about 150 MB a second, and under an address-space limit an
/// allocation that failed inside Z3 left Spacer's state half-updated, whose
/// destruction then crashed the process (SIGSEGV; the binary before the fix:
/// machine 4 with `--portfolio ufo` under 4400 MiB after 10 s, and with 1 GiB
/// stacks per thread no member could start under 2400 MiB). Now no run ends by a signal:
/// each is SAFE, UNSAFE or UNKNOWN with a reason, the runs that reach the
/// limit stop their members with the reason "out of memory", and the run
/// still answers.
#[test]
fn state_machines_under_an_address_space_limit_answer_without_a_signal() {
    let dir = tempfile::tempdir().unwrap();
    // (seed, limit in MiB, timeout, portfolio members)
    // (the first crashed the binary before the fix after 10 s, 3 runs of 3.
    // Each member process has the limit to itself (issue 43): a Spacer
    // member starts at about 0.8 GB of address space and grows by about
    // 60 MB a second to 1.6 GB on machine 4, so the others have 1800 MiB,
    // where in one process two members reached 2400 MiB)
    let runs: [(u64, u64, &str, &str); 4] = [
        (4, 4400, "20", "ufo"),
        (3, 1800, "40", "spacer,ufo"),
        (1, 1800, "40", "spacer-global"),
        (4, 1800, "40", "spacer,spacer-global"),
    ];
    let ended = common::par_map(&runs, |&(seed, limit, timeout, members)| {
        let f = dir.path().join(format!("machine{seed}-{limit}.c"));
        std::fs::write(&f, state_machine(seed, 7, 60, 20)).unwrap();
        let file = f.to_str().unwrap();
        let args =
            ["verify", file, "--data-model", "ILP32", "--timeout", timeout, "--portfolio", members, "--jobs", "2"];
        (seed, ufo_under_limit(&args, limit))
    });
    let mut out_of_memory = 0;
    let mut answers = Vec::new();
    for (seed, run) in ended {
        let (out, err) = (&run.stdout, &run.stderr);
        let what = format!("machine{seed}: {:?}\n{out}\n{err}", run.ending);
        use ufo::bench::process::Ending;
        assert!(!matches!(run.ending, Ending::Signaled(_) | Ending::Killed), "ended by a signal: {what}");
        assert!(matches!(run.ending, Ending::Exited(0 | 10 | 20)), "{what}");
        assert!(!err.contains("internal error") && !err.contains("panicked"), "{what}");
        let answer = out.lines().find(|l| l.contains(": SAFE") || l.contains(": UNSAFE") || l.contains(": UNKNOWN"));
        let answer = answer.unwrap_or_else(|| panic!("no answer: {what}"));
        if answer.contains(": UNKNOWN") {
            assert!(answer.contains("UNKNOWN (timeout") || answer.contains("UNKNOWN (out of memory"), "{what}");
        }
        out_of_memory += answer.contains("out of memory") as usize;
        answers.push(format!("machine{seed} ({:.0} s): {answer}", run.wall));
    }
    // the limits are low enough that the guard has work to do
    assert!(out_of_memory >= 2, "{out_of_memory} runs reached the limit:\n{}", answers.join("\n"));
}
