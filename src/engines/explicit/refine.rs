//! Explicit-value interpolation (papers/explicit-value-cegar-interpolation.txt
//! §III-C to §III-E): from a path whose full-precision strongest
//! post-condition contradicts, the variables each location of the path must
//! track so that the analysis never follows it again.
//!
//! - [`interpolate`] is Algorithm 3, `Interpolate(γ⁻, γ⁺)`: the assignment
//!   `SP_γ⁻(∅)`, each of whose variables is dropped in turn when the suffix
//!   `γ⁺` still contradicts without it; what remains is the interpolant (as
//!   an assignment: the constraint sequence `⟨[x = v(x)]⟩` it stands for).
//! - [`refine`] is Algorithm 4, `Refine(σ)`: inductive interpolants along the
//!   path (each prefix is the last interpolant and the next operation), and
//!   per location `l_i` the variables of the `i`-th interpolant. No SMT: the
//!   path is finite and straight, so `SP` is evaluation (§III-E).
//!
//! Invariant: for each `i`, `SP` of the operations after `l_i` from the
//! `i`-th interpolant contradicts, and the `i`-th interpolant follows from
//! the `(i-1)`-th by the `i`-th operation (the paper's three conditions of a
//! constraint-sequence interpolant); the unit test checks them on the
//! example of Fig. 2.

use crate::domains::explicit::{self, Assignment};
use crate::ir::{EdgeId, IntSemantics, LocId, Program, VarId};

/// The assignments `SP_op` gives from each of `from` (a `select` of an
/// unknown condition may split one, `domains::explicit::post`).
fn post_all(p: &Program, e: EdgeId, from: &[Assignment], sem: IntSemantics) -> Vec<Assignment> {
    let sort = |v: VarId| p.var(v).sort;
    let mut out: Vec<Assignment> = Vec::new();
    for a in from {
        for b in explicit::post(&p.edge(e).body, a, sem, &sort) {
            if !out.contains(&b) {
                out.push(b);
            }
        }
    }
    out
}

/// Whether the operations `ops` contradict from each of `from` (`SP_ops` is
/// `⊥` from all of them).
pub fn contradicts_all(p: &Program, ops: &[EdgeId], from: &[Assignment], sem: IntSemantics) -> bool {
    let mut states = from.to_vec();
    for e in ops {
        states = post_all(p, *e, &states, sem);
        if states.is_empty() {
            return true;
        }
    }
    false
}

/// Whether the operations `ops` contradict from `a`.
pub fn contradicts(p: &Program, ops: &[EdgeId], a: &Assignment, sem: IntSemantics) -> bool {
    contradicts_all(p, ops, std::slice::from_ref(a), sem)
}

/// Per position `i` of `ops`, the variables the operations from `i` on read
/// before they write them (sorted), and after the last none: a variable
/// not among them at `i` cannot change what `SP` of `ops[i..]` gives.
pub fn live_before(p: &Program, ops: &[EdgeId]) -> Vec<Vec<VarId>> {
    let mut live: std::collections::BTreeSet<VarId> = Default::default();
    let mut out = vec![Vec::new()];
    let mut reads = Vec::new();
    for e in ops.iter().rev() {
        for st in p.edge(*e).body.iter().rev() {
            for d in st.defs() {
                live.remove(&d);
            }
            reads.clear();
            st.uses(&mut reads);
            live.extend(reads.iter().copied());
        }
        out.push(live.iter().copied().collect());
    }
    out.reverse();
    out
}

/// Algorithm 3: an interpolant for the prefix `SP_γ⁻(∅) = v` (a set of
/// assignments where a `select` split it: their disjunction) and the suffix
/// `ops` (which contradicts from each): each variable is dropped from all of
/// them when the suffix still contradicts from all. `live` (sorted) holds
/// the variables `ops` reads before writing them: the others are dropped
/// without a test (the paper's remark that only variables of `γ⁺` remain),
/// which keeps Algorithm 4 from evaluating a long path once per variable
/// per location.
pub fn interpolate(
    p: &Program,
    v: Vec<Assignment>,
    ops: &[EdgeId],
    live: &[VarId],
    sem: IntSemantics,
) -> Vec<Assignment> {
    let mut v: Vec<Assignment> = v.iter().map(|a| a.restrict(|y| live.binary_search(&y).is_ok())).collect();
    v.dedup();
    for x in explicit::defined(&v) {
        let without: Vec<Assignment> = v.iter().map(|a| a.restrict(|y| y != x)).collect();
        if contradicts_all(p, ops, &without, sem) {
            v = without;
        }
    }
    v
}

/// Algorithm 4 on a path `edges` (from the entry to the error) whose
/// full-precision `SP` contradicts: per location after each edge, the
/// interpolant there (none after the operation that contradicts: the rest
/// of the path is unreachable whatever is tracked).
pub fn refine(p: &Program, edges: &[EdgeId], sem: IntSemantics) -> Vec<(LocId, Vec<Assignment>)> {
    let mut out = Vec::new();
    let mut gamma = vec![Assignment::new()];
    let live = live_before(p, edges);
    for (i, e) in edges.iter().enumerate() {
        let v = post_all(p, *e, &gamma, sem);
        if v.is_empty() {
            break;
        }
        gamma = interpolate(p, v, &edges[i + 1..], &live[i + 1], sem);
        out.push((p.edge(*e).dst, gamma.clone()));
    }
    out
}
