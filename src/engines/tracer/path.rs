//! The symbolic path of TRACER's depth-first search
//! (papers/tracer-symbolic-execution-minimax.txt §4, §5): the goal
//! `p(k, x̃) ∧ c1 ∧ … ∧ cn` of the node the search is at, as one Z3 solver
//! whose scopes follow the search (a push per edge, a pop per return), one
//! constraint per slot, each asserted under an assumption literal of its own
//! (`lᵢ → cᵢ`), so that every question of Fig. 5 is one
//! `check_assumptions` over the literals its annotations select, and an
//! interpolant is an unsat core of them (§5 `interpolate`).
//!
//! States are in static single assignment: every program variable in scope
//! has a constant of its own for its current value, and an edge that
//! changes it makes a new one, `x!k = e`, a constraint like a guard — so
//! that deleting it (a `min`) forgets the assignment (the paper's
//! `reduct`: assignments are equalities, §4). An integer equality is
//! followed by its slackenings `a ≤ b`, `a ≥ b` (§5's closing remark), slots
//! that are part of the path only while the equality is deleted.
//!
//! Invariants: `slots` holds the constraints of the path from the root to
//! the current node, in order; `levels[d]` is how many the node at depth `d`
//! has; the solver has one scope per level past the root. The current
//! values (`env`) are constants, never the canonical ones (a projection
//! renames them to those).

use super::annotation::{Ann, Vector};
use crate::ir::{EdgeId, LocId, Program, VarId};
use crate::smt::canon::Canon;
use crate::smt::lower::{Lowerer, Val};
use crate::smt::transition::{self, Transition};
use std::collections::{HashMap, HashSet};
use z3::ast::{Ast, Bool, Dynamic};
use z3::{SatResult, Solver};

/// One constraint of the path.
struct Slot {
    constraint: Bool,
    /// Its assumption literal.
    lit: Bool,
    /// The state constants it mentions.
    mentions: HashSet<Dynamic>,
    /// The equality it slackens ([`slackened`]): it is part of the path
    /// only while that one is deleted.
    weakens: Option<usize>,
}

/// One node's state on the path: where it is, its variables' current
/// values, and the constants made up to it.
#[derive(Clone)]
pub struct State {
    pub loc: LocId,
    pub env: HashMap<VarId, Val>,
    /// Constraints it has (the length of its annotation vector).
    pub len: usize,
    /// Constants made up to it (its own current ones among them).
    pub made: usize,
}

/// The search's path (module docs).
pub struct Path {
    solver: Solver,
    slots: Vec<Slot>,
    /// Every state constant made on the path, in order, and as a set.
    made: Vec<Dynamic>,
    made_set: HashSet<Dynamic>,
    lowerer: Lowerer,
    /// Queries asked.
    pub queries: usize,
    counter: usize,
}

/// What a question of the path got: yes, no, or no answer (Z3's `unknown`,
/// the deadline).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Sat,
    Unsat,
    Unknown,
}

impl Path {
    /// The path of the root: every variable in scope at the entry a constant
    /// of its own, within its range (one constraint each, `lia`).
    pub fn new(p: &Program, lowerer: Lowerer) -> (Path, State) {
        let mut path = Path {
            solver: crate::smt::solve::solver(),
            slots: Vec::new(),
            made: Vec::new(),
            made_set: HashSet::new(),
            lowerer,
            queries: 0,
            counter: 0,
        };
        let mut env = HashMap::new();
        let mut ranges = Vec::new();
        for v in &p.loc(p.entry).live {
            let x = path.constant(p, *v);
            if let Some(r) = path.lowerer.range(&x, p.var(*v).sort) {
                ranges.push(r);
            }
            env.insert(*v, x);
        }
        for r in ranges {
            path.add(r);
        }
        let state = State { loc: p.entry, env, len: path.slots.len(), made: path.made.len() };
        (path, state)
    }

    /// A new state constant for `v`.
    fn constant(&mut self, p: &Program, v: VarId) -> Val {
        self.counter += 1;
        let name = format!("{}!t{}", p.var(v).name, self.counter);
        let x = self.lowerer.constant(&name, p.var(v).sort);
        self.made(x.dynamic());
        x
    }

    /// Records a state constant made on the path.
    fn made(&mut self, x: Dynamic) {
        self.made_set.insert(x.clone());
        self.made.push(x);
    }

    /// Adds `c` (its top-level conjuncts, one slot each) in the current
    /// scope; an integer equality `a = b` is followed by its slackenings
    /// `a ≤ b` and `a ≥ b` ([`slackened`]).
    fn add(&mut self, c: Bool) {
        let mut parts = Vec::new();
        split(&c, &mut parts);
        for c in parts {
            if c.as_bool() == Some(true) {
                continue;
            }
            let slack = slackened(&c);
            let j = self.slots.len();
            self.slot(c, None);
            for weaker in slack.into_iter().flatten() {
                self.slot(weaker, Some(j));
            }
        }
    }

    /// One slot for `c`, under a literal of its own.
    fn slot(&mut self, c: Bool, weakens: Option<usize>) {
        self.counter += 1;
        let lit = Bool::new_const(format!("tracer!l{}", self.counter));
        self.solver.assert(lit.implies(&c));
        let mentions = self.mentioned(&c);
        self.slots.push(Slot { constraint: c, lit, mentions, weakens });
    }

    /// Whether slot `i` is part of the path under `v`: a slackening only
    /// while its equality is deleted.
    pub fn active(&self, v: &[Ann], i: usize) -> bool {
        self.slots[i].weakens.is_none_or(|j| v.get(j) == Some(&Ann::Min))
    }

    /// The state constants `c` mentions.
    fn mentioned(&self, c: &Bool) -> HashSet<Dynamic> {
        let mut seen = HashSet::new();
        let mut out = HashSet::new();
        let mut stack = vec![Dynamic::from_ast(c)];
        while let Some(t) = stack.pop() {
            if !seen.insert(t.clone()) {
                continue;
            }
            if self.made_set.contains(&t) {
                out.insert(t);
            } else {
                stack.extend(t.children());
            }
        }
        out
    }

    /// The transition of edge `e` from `s` (encoded once per edge and node:
    /// the search descends along it to sort the successors, then again to
    /// explore them).
    pub fn transition(&mut self, p: &Program, s: &State, e: EdgeId) -> Transition {
        transition::of_edge(p, &mut self.lowerer, e, &s.env)
    }

    /// Descends along edge `e` from `s` by its transition `t`: a new scope
    /// with the edge's constraints and one equality per variable whose value
    /// it changes.
    pub fn descend(&mut self, p: &Program, s: &State, e: EdgeId, t: &Transition) -> State {
        self.solver.push();
        for f in &t.fresh {
            self.made(f.clone());
        }
        // (an input of this edge is its variable's own constant; any other
        // value, even another variable's constant, gets one: two variables
        // never share one, which would lose their equality in a projection)
        let mut inputs: HashSet<Dynamic> = t.fresh.iter().cloned().collect();
        let mut env = HashMap::new();
        let mut defs = Vec::new();
        for (v, x) in &t.post {
            match s.env.get(v) {
                Some(old) if old.dynamic() == x.dynamic() => {
                    env.insert(*v, x.clone());
                }
                _ if inputs.remove(&x.dynamic()) => {
                    env.insert(*v, x.clone());
                }
                _ => {
                    let c = self.constant(p, *v);
                    defs.push(c.eq_val(x));
                    env.insert(*v, c);
                }
            }
        }
        for c in t.constraints.iter().cloned().chain(defs) {
            self.add(c);
        }
        State { loc: p.edge(e).dst, env, len: self.slots.len(), made: self.made.len() }
    }

    /// Returns to `s`, an ancestor one level up (the scope of the edge to
    /// the child popped).
    pub fn ascend(&mut self, s: &State) {
        self.solver.pop(1);
        self.slots.truncate(s.len);
        for x in self.made.drain(s.made..) {
            self.made_set.remove(&x);
        }
    }

    /// The literals of the active slots of the first `n` whose annotation
    /// `keep` accepts (all of them past `v`'s end).
    fn lits(&self, v: &[Ann], n: usize, keep: impl Fn(Ann) -> bool) -> Vec<(usize, Bool)> {
        (0..n)
            .filter(|i| self.active(v, *i) && keep(v.get(*i).copied().unwrap_or(Ann::Neutral)))
            .map(|i| (i, self.slots[i].lit.clone()))
            .collect()
    }

    /// Whether the first `n` constraints that `keep` accepts (by `v`), with
    /// `extra`, are satisfiable; with the indices of an unsat core.
    fn check(&mut self, v: &[Ann], n: usize, keep: impl Fn(Ann) -> bool, extra: Option<&Bool>) -> (Answer, Vec<usize>) {
        self.queries += 1;
        let lits = self.lits(v, n, keep);
        let assumptions: Vec<Bool> = lits.iter().map(|(_, l)| l.clone()).collect();
        if let Some(x) = extra {
            self.solver.push();
            self.solver.assert(x);
        }
        crate::smt::solve::set_timeout(&self.solver, None);
        let r = self.solver.check_assumptions(&assumptions);
        let core = if r == SatResult::Unsat {
            let core: HashSet<Bool> = self.solver.get_unsat_core().into_iter().collect();
            lits.iter().filter(|(_, l)| core.contains(l)).map(|(i, _)| *i).collect()
        } else {
            Vec::new()
        };
        if extra.is_some() {
            self.solver.pop(1);
        }
        let a = match r {
            SatResult::Sat => Answer::Sat,
            SatResult::Unsat => Answer::Unsat,
            SatResult::Unknown => Answer::Unknown,
        };
        (a, core)
    }

    /// Whether `cons(σ_min)` of the state with `n` constraints and vector `v`
    /// (every constraint but the deleted ones) is satisfiable.
    pub fn feasible_min(&mut self, v: &[Ann], n: usize) -> Answer {
        self.check(v, n, |a| a != Ann::Min, None).0
    }

    /// Whether all `n` constraints (`c̃`, no deletion) are satisfiable.
    pub fn feasible_all(&mut self, n: usize) -> Answer {
        self.check(&[], n, |_| true, None).0
    }

    /// Whether `cons(σ_min)` entails `goal` (`Sat`: it does not).
    pub fn entails(&mut self, v: &[Ann], n: usize, goal: &Bool) -> (Answer, Vec<usize>) {
        self.check(v, n, |a| a != Ann::Min, Some(&goal.not()))
    }

    /// §5 `interpolate(σ, φ)`: `v` with the fewest neutral constraints made
    /// `max` such that the `max` ones and `φ` are unsatisfiable (`φ` is
    /// `¬goal`; `None`: `true`). From an unsat core of the constraints that are
    /// not deleted, minimised by deletion (each neutral one left out in turn
    /// while the rest stays unsatisfiable, at most [`MINIMISE`] tries).
    /// `None` if `cons(σ_min) ∧ φ` is not unsatisfiable (or no answer).
    pub fn interpolate(&mut self, v: &[Ann], n: usize, phi: Option<&Bool>) -> Option<Vector> {
        let (a, core) = self.check(v, n, |a| a != Ann::Min, phi);
        if a != Answer::Unsat {
            return None;
        }
        Some(self.minimised(v, n, phi, core))
    }

    /// [`Path::interpolate`] from a given core.
    pub fn minimised(&mut self, v: &[Ann], n: usize, phi: Option<&Bool>, core: Vec<usize>) -> Vector {
        let mut keep: Vec<usize> = core;
        let mut tries = 0;
        let mut i = 0;
        while i < keep.len() && tries < MINIMISE {
            let j = keep[i];
            if v.get(j) == Some(&Ann::Max) {
                i += 1;
                continue;
            }
            tries += 1;
            let without: HashSet<usize> = keep.iter().copied().filter(|k| *k != j).collect();
            // (a slackening is selected only where `v` has it: its equality
            // deleted, which `sel` keeps, since it selects no deleted slot)
            let selected = |k: usize| (without.contains(&k) || v.get(k) == Some(&Ann::Max)) && self.active(v, k);
            let sel: Vector = (0..n).map(|k| if selected(k) { Ann::Max } else { Ann::Min }).collect();
            match self.check(&sel, n, |a| a == Ann::Max, phi) {
                // (the smaller core never holds `j`: it was not assumed)
                (Answer::Unsat, smaller) => keep = smaller,
                _ => i += 1,
            }
        }
        let mut out: Vector = (0..n).map(|k| v.get(k).copied().unwrap_or(Ann::Neutral)).collect();
        for k in keep {
            if out[k] == Ann::Neutral {
                out[k] = Ann::Max;
            }
        }
        out
    }

    /// The state's `σ_max` (its kept constraints) over the canonical
    /// constants of its location: the constants made on the path that are
    /// not its current values quantified away (`smt::terms::quantifier_free`),
    /// its current values renamed to their variables' canonical constants.
    pub fn projected(&self, canon: &Canon, s: &State, v: &[Ann], keep: impl Fn(Ann) -> bool) -> Bool {
        let kept: Vec<Bool> = (0..s.len)
            .filter(|i| self.active(v, *i) && keep(v.get(*i).copied().unwrap_or(Ann::Neutral)))
            .map(|i| self.slots[i].constraint.clone())
            .collect();
        let body = Bool::and(&kept);
        let current: HashSet<Dynamic> = s.env.values().map(Val::dynamic).collect();
        let old: Vec<Dynamic> = self.made[..s.made].iter().filter(|c| !current.contains(c)).cloned().collect();
        let refs: Vec<&dyn Ast> = old.iter().map(|d| d as &dyn Ast).collect();
        let closed = if refs.is_empty() { body } else { z3::ast::exists_const(&refs, &[], &body) };
        let free = crate::smt::terms::quantifier_free(&closed);
        // (a state's values are those of its location's variables in scope)
        let pairs: Vec<(Dynamic, Dynamic)> = s.env.iter().map(|(v, x)| (x.dynamic(), canon.of(*v).dynamic())).collect();
        let subst: Vec<(&Dynamic, &Dynamic)> = pairs.iter().map(|(a, b)| (a, b)).collect();
        free.substitute(&subst)
    }

    /// `f` over the canonical constants of `s`'s location, over `s`'s
    /// current values instead.
    pub fn at(&self, canon: &Canon, s: &State, f: &Bool) -> Bool {
        let pairs: Vec<(Dynamic, Dynamic)> = s.env.iter().map(|(v, x)| (canon.of(*v).dynamic(), x.dynamic())).collect();
        let subst: Vec<(&Dynamic, &Dynamic)> = pairs.iter().map(|(a, b)| (a, b)).collect();
        f.substitute(&subst)
    }

    /// Constraint `i` with the current values of `from` renamed to those of
    /// `to` (the same variables): what it says of `from`'s state, said of `to`'s.
    pub fn renamed(&self, i: usize, from: &State, to: &State) -> Bool {
        let pairs: Vec<(Dynamic, Dynamic)> =
            from.env.iter().filter_map(|(v, x)| to.env.get(v).map(|y| (x.dynamic(), y.dynamic()))).collect();
        let subst: Vec<(&Dynamic, &Dynamic)> = pairs.iter().map(|(a, b)| (a, b)).collect();
        self.slots[i].constraint.substitute(&subst)
    }

    /// Whether constraint `i` mentions a current value of `s`.
    pub fn mentions_current(&self, i: usize, s: &State) -> bool {
        s.env.values().any(|x| self.slots[i].mentions.contains(&x.dynamic()))
    }
}

/// Deletion tries of [`Path::minimised`] per interpolant: past them the
/// core is kept as it is (the paper asks for the fewest, §5; a minimal one
/// is as good, and cheaper).
pub const MINIMISE: usize = 32;

/// The slackenings of an integer equality `a = b` (§5, the paper's closing
/// remark: "slackening" an equation to an inequality): `a ≤ b` and `a ≥ b`,
/// each a slot of its own after the equality's, so that deleting the
/// equality (a `min`) may keep one of them: Fig. 3(b)'s `y = 0`, not
/// invariant through `y++`, leaves `y ≥ 0`, which is. Entailed by the
/// equality, they change no answer of the path while it is kept.
fn slackened(c: &Bool) -> Option<[Bool; 2]> {
    if !c.is_app() || c.decl().kind() != z3::DeclKind::Eq {
        return None;
    }
    let kids = c.children();
    let (a, b) = (kids.first()?.as_int()?, kids.get(1)?.as_int()?);
    Some([a.le(&b), a.ge(&b)])
}

/// The top-level conjuncts of `c`.
pub fn conjuncts(c: &Bool, out: &mut Vec<Bool>) {
    split(c, out)
}

/// The top-level conjuncts of `c`.
fn split(c: &Bool, out: &mut Vec<Bool>) {
    if c.is_app() && c.decl().kind() == z3::DeclKind::And {
        for k in c.children() {
            if let Some(b) = k.as_bool() {
                split(&b, out);
            }
        }
    } else {
        out.push(c.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::IntSemantics;
    use z3::ast::Int;

    /// A path of the given constraints, one slot each (§5's, without
    /// slackenings), at the root's scope.
    fn path_of(constraints: Vec<Bool>) -> Path {
        let p = crate::cfg::testing::program(&[], &["entry", "ERROR"], vec![]);
        let (mut path, _) = Path::new(&p, Lowerer::new(IntSemantics::Lia));
        for c in constraints {
            path.slot(c, None);
        }
        path
    }

    /// §5's example: `x1 > 3, x1 = y1 + 1, y1 = 2, x2 = 0` annotated
    /// `⟨min, max, neutral, neutral⟩` and `φ = x1 < 0`: `cons(σ_min) ∧ φ` is
    /// unsatisfiable (`x1 = 3`), and the fewest constraints made `max` are
    /// `y1 = 2`: `⟨min, max, max, neutral⟩`.
    #[test]
    fn interpolate_annotates_as_section_5_shows() {
        let (x1, y1, x2) = (Int::new_const("x1"), Int::new_const("y1"), Int::new_const("x2"));
        let mut path = path_of(vec![x1.gt(3), x1.eq(&y1 + 1), y1.eq(2), x2.eq(0)]);
        let v = vec![Ann::Min, Ann::Max, Ann::Neutral, Ann::Neutral];
        let phi = x1.lt(0);
        assert_eq!(path.interpolate(&v, 4, Some(&phi)), Some(vec![Ann::Min, Ann::Max, Ann::Max, Ann::Neutral]));
        // with nothing deleted, either `x1 > 3` or `x1 = y1 + 1, y1 = 2` refutes
        // `x1 < 0`: a minimal core is one of them, never more, never `x2 = 0`
        let all = vec![Ann::Neutral; 4];
        let (n, m) = (Ann::Neutral, Ann::Max);
        let got = path.interpolate(&all, 4, Some(&phi));
        assert!(got == Some(vec![m, n, n, n]) || got == Some(vec![n, m, m, n]), "{got:?}");
        // a satisfiable one has no interpolant
        assert_eq!(path.interpolate(&v, 4, Some(&x1.gt(0))), None);
    }
}
