//! The shared CEGAR kernel (issue 42 §4): the fixpoint iterator over any
//! graph of locations with its widening hook, DAGGER's interpolated widen
//! (papers/dagger-refining-abstract-interpretations.txt §4) on it, and UFO's
//! refiner behind the `Refiner` trait giving the paper's Fig. 1 labels.

use ufo::cegar::{DagInterpolation, RefineCx, Refinement, Refiner};
use ufo::cfg::{slice, Dag};
use ufo::deadline::Deadline;
use ufo::domains::fixpoint::{self, InterpolatedWiden, Options, ThresholdWidening, Widen};
use ufo::domains::interval::{Intervals, Itv};
use ufo::domains::{Ctx, Domain, Thresholds};
use ufo::frontend::{build_program, FrontendOptions, OptLevel};
use ufo::ir::{IntSemantics, LocId, Program, Sort, VarId};

fn program_of(source: &str) -> Program {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("p.c");
    std::fs::write(&file, source).unwrap();
    let opts = FrontendOptions { opt: OptLevel::O0, ..Default::default() };
    let p = build_program(&[file.to_string_lossy().into_owned()], &opts).expect("translates");
    slice::slice(&p).0
}

/// `i` steps by 7 up to a bound of at most 1000: at the loop head
/// `0 <= i <= 1006`, a bound no constant of the program names (so no
/// widening threshold either: the thresholds are the constants, each ±1).
const STEP7: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0;
  while (i < n) i = i + 7;
  if (i < 0) reach_error();
  return 0;
}
"#;

/// The loop head and the variable `i` in scope there.
fn head_and_i(p: &Program) -> (usize, VarId) {
    let is_head = Dag::of_program(p).wto().is_head;
    let heads: Vec<usize> = (0..p.locs.len()).filter(|l| is_head[*l]).collect();
    assert_eq!(heads.len(), 1, "one loop");
    let i = *p.locs[heads[0]].live.iter().find(|v| p.var(**v).src_name.as_deref() == Some("i")).expect("i at the head");
    (heads[0], i)
}

/// Records the nodes it widened at, then widens as the default does.
struct Recording(Vec<usize>);

impl<D: Domain> Widen<D> for Recording {
    fn widen(&mut self, node: usize, old: &D, new: &D, thresholds: &Thresholds) -> D {
        self.0.push(node);
        ThresholdWidening.widen(node, old, new, thresholds)
    }
}

/// Every edge's transfer of its source's value is below its target's value.
fn is_post_fixpoint(p: &Program, cx: &Ctx, values: &[Intervals]) -> bool {
    p.edges.iter().all(|e| {
        let mut d = values[e.src.0 as usize].clone();
        if d.is_bottom() {
            return true;
        }
        d.in_range(cx, &p.loc(e.src).live);
        d.body(cx, &e.body);
        d.restrict(&p.loc(e.dst).live);
        d.leq(&values[e.dst.0 as usize])
    })
}

#[test]
fn the_fixpoint_over_the_programs_graph_widens_only_at_heads_and_never_on_an_unrolling() {
    let p = program_of(STEP7);
    let sort = |v: VarId| -> Sort { p.var(v).sort };
    let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
    let none = Deadline::none();
    let Ok((plain, plain_stats)) = fixpoint::analyze::<Intervals>(&p, &cx, Options::default(), &none) else { panic!() };
    let mut rec = Recording(Vec::new());
    let Ok((hooked, hooked_stats)) =
        fixpoint::analyze_graph::<Intervals, _>(&p, &Dag::of_program(&p), &cx, Options::default(), &mut rec, &none)
    else {
        panic!()
    };
    assert_eq!(plain, hooked, "analyze is analyze_graph over the program's graph with the default widening");
    assert_eq!(plain_stats.widenings, hooked_stats.widenings);
    let (head, i) = head_and_i(&p);
    assert!(!rec.0.is_empty() && rec.0.iter().all(|n| *n == head), "widened at {:?}, the head is {head}", rec.0);
    assert_eq!(plain[head].get(i), Itv::new(0, 1006), "widening, then the decreasing iterations recover the bound");
    assert!(plain[p.error.0 as usize].is_bottom());

    // an unrolling is acyclic: nothing to widen, and each copy of the head
    // holds exactly the values of its step
    let unrolled = ufo::cfg::unroll::unroll(&p, 6);
    let mut rec = Recording(Vec::new());
    let Ok((values, stats)) =
        fixpoint::analyze_graph::<Intervals, _>(&p, &unrolled, &cx, Options::default(), &mut rec, &none)
    else {
        panic!()
    };
    assert!(rec.0.is_empty() && stats.widenings == 0, "widened an acyclic graph at {:?}", rec.0);

    let at_head: Vec<Itv> =
        (0..unrolled.loc.len()).filter(|u| unrolled.loc[*u] == LocId(head as u32)).map(|u| values[u].get(i)).collect();
    assert!(at_head.len() >= 2, "the unrolling has copies of the head: {at_head:?}");
    assert_eq!(at_head[0], Itv::point(0), "the first copy is before any step");
    assert_eq!(at_head[1], Itv::point(7), "the second after one step");
}

#[test]
fn the_interpolated_widen_keeps_a_hint_that_holds_and_falls_back_when_it_does_not() {
    let p = program_of(STEP7);
    let sort = |v: VarId| -> Sort { p.var(v).sort };
    let cx = Ctx { sem: IntSemantics::Lia, sort: &sort };
    let none = Deadline::none();
    let graph = Dag::of_program(&p);
    let (head, i) = head_and_i(&p);
    // widening alone (no decreasing iterations): the head's bound is lost
    let widen_only = Options { descending: 0, ..Options::default() };
    let run = |w: &mut dyn FnMut() -> InterpolatedWiden<Intervals>| {
        let mut hook = w();
        let r = fixpoint::analyze_graph::<Intervals, _>(&p, &graph, &cx, widen_only, &mut hook, &none);
        let Ok((values, _)) = r else { panic!() };
        (values, hook.applied)
    };
    let (plain, applied) = run(&mut || InterpolatedWiden { hints: Default::default(), applied: 0 });
    assert_eq!(applied, 0);
    assert!(is_post_fixpoint(&p, &cx, &plain));
    assert!(
        plain[head].get(i).hi.is_none_or(|hi| hi > 1006),
        "threshold widening loses the bound: {:?}",
        plain[head].get(i)
    );

    // the interpolant 0 <= i <= 1006 at the head (what a refinement of the
    // path through the loop gives) keeps the bound, without narrowing
    let hint = |hi: i128| {
        let mut h = Intervals::top();
        h.set(i, Itv::new(0, hi));
        [(head, h)].into_iter().collect()
    };
    let (kept, applied) = run(&mut || InterpolatedWiden { hints: hint(1006), applied: 0 });
    assert!(applied > 0);
    assert_eq!(kept[head].get(i), Itv::new(0, 1006));
    assert!(is_post_fixpoint(&p, &cx, &kept));

    // a hint that does not hold (i <= 500) is dropped once the values pass
    // it: the result is still a post-fixpoint, as sound as without a hint
    let (fallback, _) = run(&mut || InterpolatedWiden { hints: hint(500), applied: 0 });
    assert!(fallback[head].get(i).hi.is_none_or(|hi| hi > 500), "{:?}", fallback[head].get(i));
    assert!(is_post_fixpoint(&p, &cx, &fallback));
}

/// UFO's refiner behind the kernel's trait: on Fig. 1 (`fig1_safe.c`) an
/// unrolling of the program gets labels (§5 Definition 2: the error node's is
/// false, and every edge between labelled nodes is a Hoare triple); on
/// `fig1_unsafe.c` a path of edges from the entry to the error.
#[test]
fn dag_interpolation_labels_fig1_and_finds_the_bug_of_its_unsafe_twin() {
    use ufo::smt::hoare::hoare_triple;
    use ufo::smt::{solve, Lowerer};
    for (file, safe) in [("fig1_safe.c", true), ("fig1_unsafe.c", false)] {
        let opts = FrontendOptions { opt: OptLevel::O0, ..Default::default() };
        let path = format!("{}/llvm-tests/{file}", env!("CARGO_MANIFEST_DIR"));
        let p = slice::slice(&build_program(&[path], &opts).expect("translates")).0;
        let mut l = Lowerer::new(IntSemantics::Lia);
        let canon = ufo::smt::canon::Canon::new(&p, &l);
        let d = ufo::cfg::unroll::unroll(&p, 3 * p.locs.len());
        let r = DagInterpolation.refine(&mut RefineCx { p: &p, l: &mut l, canon: &canon }, &d);
        match (r, safe) {
            (Refinement::Labels(ls), true) => {
                let err = ls[d.error].clone().expect("the error node reaches itself");
                assert_eq!(solve::is_sat(&[err]), Some(false), "{file}: the error node's label is false");
                let solver = solve::Reused::new(IntSemantics::Lia);
                let mut triples = 0;
                for (u, w, e) in &d.edges {
                    if let (Some(pre), Some(post)) = (&ls[*u], &ls[*w]) {
                        assert_eq!(
                            hoare_triple(&p, &mut l, &canon, pre, *e, post, &solver),
                            Some(true),
                            "{file}: {u} -> {w}"
                        );
                        triples += 1;
                    }
                }
                assert!(triples > 2, "{file}: the labelled part has edges ({triples})");
            }
            (Refinement::Reachable(t), false) => {
                assert!(!t.edges.is_empty(), "{file}: a path of edges");
                assert_eq!(p.edge(t.edges[0]).src, p.entry, "{file}: it starts at the entry");
                assert_eq!(p.edge(*t.edges.last().unwrap()).dst, p.error, "{file}: it ends at the error");
            }
            (Refinement::Unknown(why), _) => panic!("{file}: {why}"),
            (_, _) => panic!("{file}: the wrong kind of answer"),
        }
    }
}
