//! CondSafe (papers/verymax-compositional-maxsmt.txt §IV-A, Alg. 1, Fig. 6):
//! a conditional inductive invariant of one program component that proves
//! an assertion on one of its exit transitions, found by Max-SMT over
//! templates of `k` conjoined linear inequations per location.
//!
//! The constraints of Fig. 6, each made quantifier-free by Farkas' lemma
//! applied locally (footnote 8): `Σ λᵢ·rowᵢ` with `λ ≥ 0` equals the goal's
//! coefficients and bounds its constant (an implication), or is `0 < 0`-like
//! (`Σ λᵢ·aᵢ = 0`, `Σ λᵢ·cᵢ > 0`: the premise is infeasible).
//! - Consecution (hard), per transition of the component: the target's
//!   template follows, or the source's template disables the transition
//!   (§IV-C a: conditional invariants that disable transitions).
//! - Safety (hard): the exit's source template and the exit imply the
//!   assertion (or disable the exit).
//! - Initiation (soft, weight 1 per entry and conjunct, `p → Iₜⱼ`): the
//!   entry implies the target's conjunct (or is infeasible); the Max-SMT
//!   solver (Z3's `Optimize`, `assert_soft`) prefers invariants that need
//!   fewer preconditions.
//!
//! Products: a template's row in a premise has unknown coefficients, so its
//! multiplier times them is non-linear. The multiplier of a template row is
//! drawn from a finite set instead ([`Multipliers`]: `{0, 1}` first, then
//! `{0, 1/2, 1, 2}`), each product an `ite` of the choice: linear real
//! arithmetic, which Z3's MaxRes solves. This is the VeryMax line's case
//! split on bounded unknowns (Larraz et al., FMCAD 2013, §5), with a second,
//! wider range after a failure. Multipliers of known rows and template
//! coefficients are reals; the invariant found is scaled to integers.
//! Farkas' lemma over the rationals is sound for the integers (strict
//! comparisons of integers are already `l + 1 ≤ 0` rows), not complete.
//!
//! Each query first checks the hard constraints with real coefficients
//! (plain LRA, no soft constraints): without a model there, there is none
//! with integers. A Max-SMT query past its time ([`QUERY_MS`]) keeps
//! MaxRes's best model so far if it satisfies every hard constraint (the
//! proof that no better one exists is what takes the time).
//!
//! A conjunct may be the constant `false` (`1 ≤ 0`): a location whose
//! states the assertion needs to be unreachable (the one before the
//! error's edge) has it as its precondition, which the component before
//! it must prove.
//!
//! Invariant: every `Q` returned satisfies Consecution and Safety for the
//! transitions given (Farkas' certificates exist), so by Theorem 1 the
//! component is `(t, Q(ℓ'))`-conditionally safe for every entry `t`.

use super::transitions::Transition;
use crate::domains::linear::Lin;
use crate::ir::{LocId, VarId};
use crate::smt::deadline::remaining_ms;
use std::collections::BTreeMap;
use z3::ast::{Bool, Int, Real};
use z3::{Optimize, Params, SatResult};

/// The sets the multiplier of a template row is drawn from, tried in turn.
pub const MULTIPLIERS: [&[(i64, i64)]; 2] = [&[(1, 1)], &[(1, 2), (1, 1), (2, 1)]];

/// The largest coefficient of a variable in a template.
const MAX_COEFFICIENT: i64 = 1024;

/// The bounds a template's coefficients are preferred within (soft).
const SMALL: [i64; 2] = [1, 16];

/// `-b ≤ x ≤ b`.
fn within(x: &Real, b: i64) -> Bool {
    Bool::and(&[x.le(Real::from_rational(b, 1)), x.ge(Real::from_rational(-b, 1))])
}

/// A Max-SMT query's time, at most (ms): past it the query has no model.
pub const QUERY_MS: u64 = 5_000;

/// One CondSafe problem: a component (its locations and the template
/// variables of each), its transitions, entries and one exit with its
/// assertion (`None`: the exit is never taken, the error's `false`).
pub struct Problem<'a> {
    pub locs: &'a [(LocId, Vec<VarId>)],
    pub inner: &'a [Transition],
    pub entries: &'a [Transition],
    pub exit: &'a Transition,
    pub goal: Option<&'a Lin>,
    /// Reachable states at the component's locations that the invariant
    /// should hold in (soft: those an earlier narrowing's invariant holds
    /// in are left out by the caller).
    pub samples: &'a [(LocId, BTreeMap<VarId, i128>)],
}

/// The value of a sample's variable (0 where it has none).
fn sample_value(s: &BTreeMap<VarId, i128>, v: VarId) -> i128 {
    s.get(&v).copied().unwrap_or(0)
}

/// A conditional invariant: the conjuncts `l ≤ 0` at each location.
pub type Invariant = BTreeMap<LocId, Vec<Lin>>;

/// What a query found, and what it cost.
pub struct Solved {
    pub invariant: Option<Invariant>,
    /// Entries and conjuncts whose initiation holds.
    pub initiated: usize,
    /// Does the invariant hold in some sample at every location that has
    /// one? (One that holds in none there is `false` in effect: the
    /// bounds it contradicts are invariants.)
    pub holds_in_samples: bool,
}

/// Decides the Max-SMT formula `F_k` of the problem with template-row
/// multipliers from `mults`: `Ok(Some)` with the invariant of a model,
/// `Ok(None)` when the hard constraints have none, `Err` when Z3 did not
/// decide (the deadline, a number past `i64`).
pub fn solve(pb: &Problem, k: usize, mults: &[(i64, i64)]) -> Result<Solved, String> {
    // the hard constraints with real coefficients first: without a model
    // there, there is none with integers (a plain LRA check, where the
    // Max-SMT query over integers may take its whole time to say so)
    let relaxed = encode(pb, k, mults, false)?;
    let s = crate::smt::solve::solver();
    for h in &relaxed.enc.hard {
        s.assert(h);
    }
    if s.check() == SatResult::Unsat {
        return Ok(Solved { invariant: None, initiated: 0, holds_in_samples: false });
    }
    let Encoded { enc, soft, not_false, sparse } = encode(pb, k, mults, true)?;
    optimize(pb, k, enc, soft, not_false, sparse)
}

/// The formula `F_k`: its hard constraints (in the encoder), the initiation
/// literals, and the lower soft constraints.
struct Encoded<'a> {
    enc: Encoder<'a>,
    soft: Vec<Bool>,
    not_false: Vec<Bool>,
    sparse: Vec<Bool>,
}

/// Encodes `F_k` with integer template coefficients (`integral`) or real
/// ones (the relaxation, without soft constraints).
fn encode<'a>(pb: &Problem, k: usize, mults: &'a [(i64, i64)], integral: bool) -> Result<Encoded<'a>, String> {
    let mut enc = Encoder { k, mults, templates: BTreeMap::new(), hard: Vec::new(), names: 0 };
    let mut not_false = Vec::new();
    let mut sparse = Vec::new();
    for (l, vars) in pb.locs {
        for j in 0..k {
            // integer coefficients (a model's invariant is then readable;
            // reals give vertices such as `44991·i - 44991·j ≤ 89981`)
            let mut unknown = |name: &str| {
                let name = enc.name(name);
                if integral {
                    Real::from_int(&Int::new_const(name))
                } else {
                    Real::new_const(name)
                }
            };
            let coef: BTreeMap<VarId, Real> = vars.iter().map(|v| (*v, unknown("t"))).collect();
            let c = unknown("t0");
            if !integral {
                enc.templates.insert((*l, j), (coef, c));
                continue;
            }
            // (soft, below all else: sparse templates with small numbers;
            // else a model's `47017·x + 235084·i + 1098 ≥ 0` is as good as
            // `x + 5·i ≥ 0`)
            for x in coef.values() {
                sparse.push(x.eq(Real::from_rational(0, 1)));
                enc.hard.push(within(x, MAX_COEFFICIENT));
                sparse.extend(SMALL.iter().map(|b| within(x, *b)));
            }
            // (soft, below any initiation: not the constant `false`)
            let mut some = vec![c.le(Real::from_rational(0, 1))];
            some.extend(coef.values().map(|x| x.eq(Real::from_rational(0, 1)).not()));
            not_false.push(Bool::or(&some));
            enc.templates.insert((*l, j), (coef, c));
        }
    }
    // Consecution: the target's conjuncts follow, or the transition is disabled
    for t in pb.inner {
        let disabled = enc.farkas(&t.guard, Some(t.src), None)?;
        let mut follow = Vec::new();
        for j in 0..k {
            let goal = enc.template_after(t, j)?;
            follow.push(enc.farkas(&t.guard, Some(t.src), Some(goal))?);
        }
        enc.hard.push(Bool::or(&[disabled, Bool::and(&follow)]));
    }
    // Safety
    let exit = pb.exit;
    let disabled = enc.farkas(&exit.guard, Some(exit.src), None)?;
    let safe = match pb.goal {
        None => disabled,
        Some(l) => {
            let after = exit.after(l).ok_or("an overflowing coefficient")?;
            let goal = known(&after)?;
            Bool::or(&[disabled, enc.farkas(&exit.guard, Some(exit.src), Some(goal))?])
        }
    };
    enc.hard.push(safe);
    // Initiation, soft (not in the relaxation, which decides only whether
    // the hard constraints have a model: free literals imply nothing)
    let mut soft = Vec::new();
    for t in pb.entries.iter().filter(|_| integral) {
        let infeasible = enc.farkas(&t.guard, None, None)?;
        for j in 0..k {
            let goal = enc.template_after(t, j)?;
            let holds = Bool::or(&[infeasible.clone(), enc.farkas(&t.guard, None, Some(goal))?]);
            let p = Bool::new_const(enc.name("init"));
            enc.hard.push(p.implies(&holds));
            soft.push(p);
        }
    }
    Ok(Encoded { enc, soft, not_false, sparse })
}

/// The Max-SMT query of `F_k` (Alg. 1, line 4) and the invariant of its
/// model.
fn optimize(
    pb: &Problem,
    k: usize,
    enc: Encoder,
    soft: Vec<Bool>,
    not_false: Vec<Bool>,
    sparse: Vec<Bool>,
) -> Result<Solved, String> {
    let opt = Optimize::new();
    let mut params = Params::new();
    params.set_u32("timeout", remaining_ms().unwrap_or(QUERY_MS as u32).min(QUERY_MS as u32));
    opt.set_params(&params);
    for h in &enc.hard {
        opt.assert(h);
    }
    // the reachable states: a conditional invariant without one of them
    // is never initiated (an initiated one holds in every reachable state)
    let mut reached: Vec<(LocId, Bool)> = Vec::new();
    for (l, state) in pb.samples {
        let mut rows = Vec::new();
        for j in 0..k {
            let Some((coef, c)) = enc.templates.get(&(*l, j)) else { continue };
            let mut sum = c.clone();
            for (v, x) in coef {
                sum += x * num(sample_value(state, *v))?;
            }
            rows.push(sum.le(Real::from_rational(0, 1)));
        }
        reached.push((*l, Bool::and(&rows)));
    }
    // weights: one initiation outweighs every reached state, one of those
    // every `not false`, one of those every sparsity
    let w_not_false = sparse.len() as u64 + 1;
    let w_reached = w_not_false * (not_false.len() as u64 + 1);
    let w_init = w_reached.saturating_mul(reached.len() as u64 + 1);
    for p in &soft {
        opt.assert_soft(p, w_init, None);
    }
    for (_, p) in &reached {
        opt.assert_soft(p, w_reached, None);
    }
    for p in &not_false {
        opt.assert_soft(p, w_not_false, None);
    }
    for p in &sparse {
        opt.assert_soft(p, 1u64, None);
    }
    let result = opt.check(&[]);
    // (past its time, MaxRes's best model so far, if it satisfies every
    // hard constraint: the proof of optimality is what takes the time
    // when an initiation cannot hold)
    let best = || {
        let m = opt.get_model()?;
        enc.hard.iter().all(|h| m.eval(h, true).and_then(|b| b.as_bool()) == Some(true)).then_some(m)
    };
    let model = match result {
        SatResult::Sat => opt.get_model(),
        SatResult::Unknown => best(),
        SatResult::Unsat => None,
    };
    match (result, model) {
        (SatResult::Unsat, _) => Ok(Solved { invariant: None, initiated: 0, holds_in_samples: false }),
        (_, None) => Err(opt.get_reason_unknown().unwrap_or_else(|| "unknown".into())),
        (_, Some(m)) => {
            let true_in = |p: &Bool| m.eval(p, true).and_then(|b| b.as_bool()).unwrap_or(false);
            let initiated = soft.iter().filter(|p| true_in(p)).count();
            let mut somewhere: BTreeMap<LocId, bool> = BTreeMap::new();
            for (l, p) in &reached {
                *somewhere.entry(*l).or_default() |= true_in(p);
            }
            let holds_in_samples = somewhere.values().all(|b| *b);
            let mut inv = Invariant::new();
            for ((l, _), (coef, c)) in &enc.templates {
                let value = |x: &Real| m.eval(x, true).and_then(|v| v.as_rational()).ok_or("a coefficient past i64");
                let mut terms = Vec::new();
                for (v, x) in coef {
                    terms.push((Some(*v), value(x)?));
                }
                terms.push((None, value(c)?));
                let row = integral(&terms).ok_or("a coefficient past i128")?;
                let entry = inv.entry(*l).or_default();
                // (a conjunct without variables is `false` or `true`, which
                // goes; duplicates go)
                let trivial = row.terms.is_empty() && row.c <= 0;
                if !trivial && !entry.contains(&row) {
                    entry.push(row);
                }
            }
            Ok(Solved { invariant: Some(inv), initiated, holds_in_samples })
        }
    }
}

/// A goal `Σ cᵢ·xᵢ + d ≤ 0` as Z3 terms: its coefficients and constant.
type Goal = (BTreeMap<VarId, Real>, Real);

/// The Max-SMT formula under construction.
struct Encoder<'a> {
    k: usize,
    mults: &'a [(i64, i64)],
    /// Each location's and conjunct's coefficients and constant.
    templates: BTreeMap<(LocId, usize), Goal>,
    hard: Vec<Bool>,
    /// Constants named so far: names are numbered per query, so that a
    /// query is the same formula on any thread's context (`--jobs`).
    names: usize,
}

/// A number as a Z3 real.
fn num(a: i128) -> Result<Real, String> {
    i64::try_from(a).map(|a| Real::from_rational(a, 1)).map_err(|_| "a coefficient past i64".to_string())
}

/// A known row as a goal.
fn known(l: &Lin) -> Result<Goal, String> {
    let coef = l.terms.iter().map(|(v, a)| Ok((*v, num(*a)?))).collect::<Result<_, String>>()?;
    Ok((coef, num(l.c)?))
}

impl Encoder<'_> {
    /// A new constant's name.
    fn name(&mut self, prefix: &str) -> String {
        self.names += 1;
        format!("{prefix}!{}", self.names)
    }

    /// Conjunct `j` of the template at `t.dst`, after `t`: its post values
    /// substituted (the template's unknowns times known numbers).
    fn template_after(&self, t: &Transition, j: usize) -> Result<Goal, String> {
        let (coef, c) = &self.templates[&(t.dst, j)];
        let mut out: BTreeMap<VarId, Real> = BTreeMap::new();
        let mut constant = c.clone();
        for (v, x) in coef {
            let post = t.post.get(v).cloned().unwrap_or_else(|| Lin::var(*v));
            for (w, a) in &post.terms {
                let term = x * num(*a)?;
                let sum = out.remove(w).map(|s| s + &term).unwrap_or(term);
                out.insert(*w, sum);
            }
            if post.c != 0 {
                constant += x * num(post.c)?;
            }
        }
        Ok((out, constant))
    }

    /// Farkas' lemma: the known `rows` and the template conjuncts at `src`
    /// imply `goal` (`None`: are infeasible), as constraints over fresh
    /// multipliers.
    fn farkas(&mut self, rows: &[Lin], src: Option<LocId>, goal: Option<Goal>) -> Result<Bool, String> {
        let zero = Real::from_rational(0, 1);
        let mut coef: BTreeMap<VarId, Real> = BTreeMap::new();
        let mut constant = zero.clone();
        let mut side = Vec::new();
        let add = |coef: &mut BTreeMap<VarId, Real>, v: VarId, term: Real| {
            let sum = coef.remove(&v).map(|s| s + &term).unwrap_or(term);
            coef.insert(v, sum);
        };
        for r in rows {
            let mu = Real::new_const(self.name("mu"));
            side.push(mu.ge(&zero));
            for (v, a) in &r.terms {
                add(&mut coef, *v, &mu * num(*a)?);
            }
            if r.c != 0 {
                constant += &mu * num(r.c)?;
            }
        }
        if let Some(l) = src {
            for j in 0..self.k {
                let (tc, t0) = self.templates[&(l, j)].clone();
                // λ ∈ {0} ∪ mults: one choice at most, each product an `ite`
                let mults = self.mults;
                let picks: Vec<(Bool, Real)> = mults
                    .iter()
                    .map(|(n, d)| (Bool::new_const(self.name("lambda")), Real::from_rational(*n, *d)))
                    .collect();
                for (i, (a, _)) in picks.iter().enumerate() {
                    for (b, _) in &picks[i + 1..] {
                        side.push(Bool::and(&[a, b]).not());
                    }
                }
                let product = |x: &Real| picks.iter().fold(zero.clone(), |acc, (p, s)| acc + p.ite(&(x * s), &zero));
                for (v, x) in &tc {
                    add(&mut coef, *v, product(x));
                }
                constant += product(&t0);
            }
        }
        match goal {
            None => {
                side.extend(coef.values().map(|x| x.eq(&zero)));
                side.push(constant.gt(&zero));
            }
            Some((gc, gd)) => {
                for (v, x) in &coef {
                    side.push(x.eq(gc.get(v).unwrap_or(&zero)));
                }
                for (v, g) in &gc {
                    if !coef.contains_key(v) {
                        side.push(g.eq(&zero));
                    }
                }
                side.push(gd.le(&constant));
            }
        }
        Ok(Bool::and(&side))
    }
}

/// The row `Σ (nᵢ/dᵢ)·xᵢ ≤ 0` (the constant under `None`) scaled to
/// coprime integers.
fn integral(terms: &[(Option<VarId>, (i64, i64))]) -> Option<Lin> {
    let gcd = |mut a: i128, mut b: i128| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a.abs()
    };
    let lcm = terms.iter().try_fold(1i128, |m, (_, (_, d))| {
        let d = (*d as i128).abs().max(1);
        m.checked_mul(d / gcd(m, d))
    })?;
    let mut row = Lin::constant(0);
    for (v, (n, d)) in terms {
        let a = (*n as i128).checked_mul(lcm / (*d as i128))?;
        row = match v {
            Some(v) => row.plus(&Lin::var(*v), a)?,
            None => row.plus(&Lin::constant(a), 1)?,
        };
    }
    let g = row.terms.values().fold(row.c, |g, a| gcd(g, *a));
    if g > 1 {
        row.c /= g;
        for a in row.terms.values_mut() {
            *a /= g;
        }
    }
    Some(row)
}

/// Does every transition of `ts` imply `goal` after it (`None`: is every
/// one infeasible)? Decided exactly over the integers (line 2 of Alg. 2);
/// `Err` when Z3 did not decide.
pub fn implies(ts: &[Transition], goal: Option<&Lin>) -> Result<bool, String> {
    let s = crate::smt::solve::solver();
    for t in ts {
        s.push();
        let mut vars: BTreeMap<VarId, Int> = BTreeMap::new();
        let term = |l: &Lin, vars: &mut BTreeMap<VarId, Int>| -> Result<Int, String> {
            let mut sum = Int::from_i64(i64::try_from(l.c).map_err(|_| "a constant past i64")?);
            for (v, a) in &l.terms {
                let x = vars.entry(*v).or_insert_with(|| Int::fresh_const("x")).clone();
                sum += x * Int::from_i64(i64::try_from(*a).map_err(|_| "a coefficient past i64")?);
            }
            Ok(sum)
        };
        for r in &t.guard {
            let x = term(r, &mut vars)?;
            s.assert(x.le(Int::from_i64(0)));
        }
        if let Some(g) = goal {
            let after = t.after(g).ok_or("an overflowing coefficient")?;
            let x = term(&after, &mut vars)?;
            s.assert(x.gt(Int::from_i64(0)));
        }
        let r = s.check();
        s.pop(1);
        match r {
            SatResult::Unsat => {}
            SatResult::Sat => return Ok(false),
            SatResult::Unknown => return Err(s.get_reason_unknown().unwrap_or_else(|| "unknown".into())),
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lin(c: i128, terms: &[(u32, i128)]) -> Lin {
        terms.iter().fold(Lin::constant(c), |l, (v, a)| l.plus(&Lin::var(VarId(*v)), *a).unwrap())
    }

    /// Fig. 1: `while (i > 0) { x += 5; i--; } assert(x >= 0)` at one loop
    /// head; the entry sets `x = -5j, i = j` for `j ≥ 0` (variable 2), so
    /// initiation holds only for `m = 5` in `x + m·i ≥ 0`: CondSafe finds
    /// `Q₁ = x + 5i ≥ 0` with initiation satisfied.
    #[test]
    fn figure_1_gives_x_plus_5i() {
        let (x, i, j) = (0u32, 1u32, 2u32);
        let head = LocId(1);
        let locs = vec![(head, vec![VarId(x), VarId(i)])];
        let body = Transition {
            path: Vec::new(),
            src: head,
            dst: head,
            guard: vec![lin(1, &[(i, -1)])], // i ≥ 1
            post: BTreeMap::from([(VarId(x), lin(5, &[(x, 1)])), (VarId(i), lin(-1, &[(i, 1)]))]),
        };
        let exit = Transition {
            path: Vec::new(),
            src: head,
            dst: LocId(2),
            guard: vec![lin(0, &[(i, 1)])], // i ≤ 0
            post: BTreeMap::from([(VarId(x), lin(0, &[(x, 1)]))]),
        };
        let entry = Transition {
            path: Vec::new(),
            src: LocId(0),
            dst: head,
            guard: vec![lin(0, &[(j, -1)])], // j ≥ 0
            post: BTreeMap::from([(VarId(x), lin(0, &[(j, -5)])), (VarId(i), lin(0, &[(j, 1)]))]),
        };
        let goal = lin(0, &[(x, -1)]); // x ≥ 0
        let pb =
            Problem { locs: &locs, inner: &[body], entries: &[entry], exit: &exit, goal: Some(&goal), samples: &[] };
        let solved = solve(&pb, 1, MULTIPLIERS[0]).unwrap();
        let q = solved.invariant.expect("a conditional invariant");
        assert_eq!(q[&head], vec![lin(0, &[(x, -1), (i, -5)])], "x + 5i >= 0");
        assert_eq!(solved.initiated, 1);
    }
}
