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

/// Whether the operations `ops` contradict from `a` (`SP_ops(a)` is `⊥`).
pub fn contradicts(p: &Program, ops: &[EdgeId], a: &Assignment, sem: IntSemantics) -> bool {
    let sort = |v: VarId| p.var(v).sort;
    let mut a = a.clone();
    for e in ops {
        match explicit::post(&p.edge(*e).body, &a, sem, &sort) {
            Some(next) => a = next,
            None => return true,
        }
    }
    false
}

/// Algorithm 3: an interpolant for the prefix `SP_γ⁻(∅) = v` and the
/// suffix `ops` (which contradicts from `v`).
pub fn interpolate(p: &Program, v: Assignment, ops: &[EdgeId], sem: IntSemantics) -> Assignment {
    let mut v = v;
    let vars: Vec<VarId> = v.vars().collect();
    for x in vars {
        let without = v.restrict(|y| y != x);
        if contradicts(p, ops, &without, sem) {
            v = without;
        }
    }
    v
}

/// Algorithm 4 on a path `edges` (from the entry to the error) whose
/// full-precision `SP` contradicts: per location after each edge, the
/// interpolant there (none after the operation that contradicts: the rest
/// of the path is unreachable whatever is tracked).
pub fn refine(p: &Program, edges: &[EdgeId], sem: IntSemantics) -> Vec<(LocId, Assignment)> {
    let sort = |v: VarId| p.var(v).sort;
    let mut out = Vec::new();
    let mut gamma = Assignment::new();
    for (i, e) in edges.iter().enumerate() {
        let Some(v) = explicit::post(&p.edge(*e).body, &gamma, sem, &sort) else { break };
        gamma = interpolate(p, v, &edges[i + 1..], sem);
        out.push((p.edge(*e).dst, gamma.clone()));
    }
    out
}
