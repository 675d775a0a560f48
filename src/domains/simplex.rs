//! Exact linear programming for the polyhedra domain (issue 47): the
//! maximum of a linear objective over `{x ∈ ℚⁿ | A·x ≤ b}`, by the
//! two-phase primal simplex method on a dense tableau with Bland's rule
//! (Chvátal, "Linear Programming", 1983, ch. 2–3: no cycling, so it ends).
//!
//! - It solves the dual program, `min b·y` subject to `Aᵀ·y = obj`, `y ≥
//!   0`: one row per variable (a polyhedron has few) and a column per
//!   constraint (it may have many), where the primal's tableau would be
//!   square in the constraints. Phase 1 drives an artificial variable per
//!   row to zero; by duality, a dual minimum is the primal maximum, an
//!   unbounded dual an infeasible primal, and where the dual has no point
//!   the dual of the zero objective (always feasible) tells whether the
//!   primal has one.
//! - Arithmetic is exact: rationals over `i64` with checked operations
//!   first (hardware division: 2x faster than `i128` on the polyhedra's
//!   problems), where one overflows the same problem over `i128`, then over
//!   big rationals (`num-rational`), so that an answer is never rounded.
//! - [`farkas`]: where the rows have no rational point, the dual solution
//!   of `max t, A·x + t ≤ b` is a Farkas certificate (multipliers summing
//!   the rows to `0 ≤ −k`), from which the polyhedra build linear
//!   interpolants.
//! - Invariant: [`maximize`] answers `Infeasible` only if no rational point
//!   satisfies the rows, `Max(m)` only if `m` is the exact maximum; where
//!   the pivot budget runs out it answers `Unbounded`, which every caller
//!   reads conservatively (no bound, not entailed, not empty).

use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, One, Signed, Zero};

/// The answer of a linear program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lp {
    /// No point satisfies the rows.
    Infeasible,
    /// The objective has no maximum (or the pivot budget ran out).
    Unbounded,
    /// The maximum.
    Max(BigRational),
}

/// Pivots one problem may take before it gives up (`Unbounded`).
const MAX_PIVOTS: usize = 20_000;

/// `max obj·x` subject to `a·x ≤ b` for each `(a, b)` in `rows` (each `a`
/// as long as `obj`), over free rational `x`.
pub fn maximize(rows: &[(Vec<i128>, i128)], obj: &[i128]) -> Lp {
    solve::<Ratio<i64>>(rows, obj)
        .or_else(|| solve::<Ratio<i128>>(rows, obj))
        .or_else(|| solve::<BigRational>(rows, obj))
        .unwrap_or(Lp::Unbounded)
}

/// A Farkas certificate that the rows `a·x ≤ b` have no rational point:
/// multipliers `y ≥ 0`, one per row, with `Σ yᵢ·aᵢ = 0` and `Σ yᵢ·bᵢ <
/// 0`; `None` if the rows have a point (or the pivot budget ran out). The
/// multipliers are the dual solution of `max t` subject to `a·x + t ≤ b`
/// (`min b·y`, `Aᵀ·y = 0`, `Σ y = 1`, `y ≥ 0`), whose maximum is negative
/// exactly when the rows have no point.
pub fn farkas(rows: &[(Vec<i128>, i128)]) -> Option<Vec<BigRational>> {
    let n = rows.first().map_or(0, |(a, _)| a.len());
    let lifted: Vec<(Vec<i128>, i128)> = rows
        .iter()
        .map(|(a, b)| {
            let mut a = a.clone();
            a.push(1);
            (a, *b)
        })
        .collect();
    let mut obj = vec![0; n];
    obj.push(1);
    let optimum = dual::<Ratio<i64>>(&lifted, &obj, true)
        .or_else(|| dual::<Ratio<i128>>(&lifted, &obj, true))
        .or_else(|| dual::<BigRational>(&lifted, &obj, true))?;
    match optimum {
        Dual::Optimal(t, y) if t.is_negative() => Some(y),
        _ => None,
    }
}

/// The exact numbers a tableau holds.
trait Field: Clone + PartialOrd + Zero + One + Signed + CheckedAdd + CheckedSub + CheckedMul + CheckedDiv {
    /// `x`, if it fits.
    fn of(x: i128) -> Option<Self>;
    fn big(&self) -> BigRational;
}

impl Field for Ratio<i64> {
    fn of(x: i128) -> Option<Self> {
        i64::try_from(x).ok().map(Ratio::from_integer)
    }
    fn big(&self) -> BigRational {
        BigRational::new(BigInt::from(*self.numer()), BigInt::from(*self.denom()))
    }
}

impl Field for Ratio<i128> {
    fn of(x: i128) -> Option<Self> {
        Some(Ratio::from_integer(x))
    }
    fn big(&self) -> BigRational {
        BigRational::new(BigInt::from(*self.numer()), BigInt::from(*self.denom()))
    }
}

impl Field for BigRational {
    fn of(x: i128) -> Option<Self> {
        Some(BigRational::from_integer(BigInt::from(x)))
    }
    fn big(&self) -> BigRational {
        self.clone()
    }
}

/// A simplex tableau: `rows[r]` is `Σⱼ rows[r][j]·colⱼ = rows[r][rhs]`,
/// `z` the reduced costs with `z[rhs]` minus the objective's value.
struct Tableau<T> {
    rows: Vec<Vec<T>>,
    basis: Vec<usize>,
    z: Vec<T>,
    /// Columns that may not enter (artificial ones in phase 2).
    banned: Vec<bool>,
    pivots: usize,
}

/// What one phase ended with.
enum Phase {
    Optimal,
    Unbounded,
}

impl<T: Field> Tableau<T> {
    fn rhs(&self) -> usize {
        self.z.len() - 1
    }

    /// Pivots on `(r, j)`; `None` on overflow.
    fn pivot(&mut self, r: usize, j: usize) -> Option<()> {
        self.pivots += 1;
        let p = self.rows[r][j].clone();
        for x in self.rows[r].iter_mut() {
            *x = x.checked_div(&p)?;
        }
        let row = self.rows[r].clone();
        let reduce = |target: &mut Vec<T>| -> Option<()> {
            let f = target[j].clone();
            if f.is_zero() {
                return Some(());
            }
            for (x, y) in target.iter_mut().zip(&row) {
                if !y.is_zero() {
                    *x = x.checked_sub(&f.checked_mul(y)?)?;
                }
            }
            Some(())
        };
        for (i, target) in self.rows.iter_mut().enumerate() {
            if i != r {
                reduce(target)?;
            }
        }
        reduce(&mut self.z)?;
        self.basis[r] = j;
        Some(())
    }

    /// Runs the simplex method on the current objective (`z`), Bland's rule.
    fn run(&mut self) -> Option<Phase> {
        let rhs = self.rhs();
        loop {
            if self.pivots > MAX_PIVOTS {
                return None;
            }
            let Some(j) = (0..rhs).find(|&j| !self.banned[j] && self.z[j].is_positive()) else {
                return Some(Phase::Optimal);
            };
            // the least ratio, ties to the least basic column
            let mut best: Option<(usize, T)> = None;
            for (r, row) in self.rows.iter().enumerate() {
                if !row[j].is_positive() {
                    continue;
                }
                let ratio = row[rhs].checked_div(&row[j])?;
                let better = match &best {
                    None => true,
                    Some((b, q)) => ratio < *q || (ratio == *q && self.basis[r] < self.basis[*b]),
                };
                if better {
                    best = Some((r, ratio));
                }
            }
            let Some((r, _)) = best else { return Some(Phase::Unbounded) };
            self.pivot(r, j)?;
        }
    }

    /// Sets `z` to the reduced costs of the objective `c` (per column) in
    /// the current basis.
    fn objective(&mut self, c: &[T]) -> Option<()> {
        let rhs = self.rhs();
        let mut z: Vec<T> = c.to_vec();
        z.push(T::zero());
        for (r, row) in self.rows.iter().enumerate() {
            let cb = &c[self.basis[r]];
            if cb.is_zero() {
                continue;
            }
            for j in 0..=rhs {
                z[j] = z[j].checked_sub(&cb.checked_mul(&row[j])?)?;
            }
        }
        self.z = z;
        Some(())
    }
}

/// [`maximize`] over the numbers `T`, by its dual (module docs); `None` on
/// overflow or past the pivot budget.
fn solve<T: Field>(rows: &[(Vec<i128>, i128)], obj: &[i128]) -> Option<Lp> {
    Some(match dual::<T>(rows, obj, false)? {
        Dual::Optimal(v, _) => Lp::Max(v),
        Dual::Unbounded => Lp::Infeasible,
        // the dual has no point: the primal is unbounded, or has none
        Dual::Infeasible => match dual::<T>(rows, &vec![0; obj.len()], false)? {
            Dual::Unbounded => Lp::Infeasible,
            _ => Lp::Unbounded,
        },
    })
}

/// What the dual program gave.
enum Dual {
    /// Its minimum, the primal's maximum, and where asked (`point`) a
    /// point where it is reached (one `y` per row of the primal; else
    /// none: the polyhedra's many programs need only the value).
    Optimal(BigRational, Vec<BigRational>),
    /// No minimum (the primal has no point).
    Unbounded,
    /// No point (the primal is unbounded or has none).
    Infeasible,
}

/// The dual of `max obj·x, A·x ≤ b`: `min b·y, Aᵀ·y = obj, y ≥ 0`, one
/// row per variable (few) and a column per constraint; its optimal `y` if
/// `point`.
fn dual<T: Field>(rows: &[(Vec<i128>, i128)], obj: &[i128], point: bool) -> Option<Dual> {
    let (n, m) = (obj.len(), rows.len());
    // columns: y (m), artificials (n), the right-hand side
    let (art, cols) = (m, m + n);
    let mut t = Tableau {
        rows: Vec::with_capacity(n),
        basis: Vec::with_capacity(n),
        z: vec![T::zero(); cols + 1],
        banned: vec![false; cols],
        pivots: 0,
    };
    for j in 0..n {
        let sign: i128 = if obj[j] < 0 { -1 } else { 1 };
        let mut row = vec![T::zero(); cols + 1];
        for (i, (a, _)) in rows.iter().enumerate() {
            if a[j] != 0 {
                row[i] = T::of(sign.checked_mul(a[j])?)?;
            }
        }
        row[art + j] = T::one();
        row[cols] = T::of(sign.checked_mul(obj[j])?)?;
        t.rows.push(row);
        t.basis.push(art + j);
    }
    // phase 1: maximize −Σ artificials
    let c: Vec<T> = (0..cols).map(|j| if j >= art { -T::one() } else { T::zero() }).collect();
    t.objective(&c)?;
    t.run()?;
    if t.z[cols].is_positive() {
        return Some(Dual::Infeasible);
    }
    // artificials still basic (at zero) leave, or their rows are redundant
    let mut r = 0;
    while r < t.rows.len() {
        if t.basis[r] >= art {
            match (0..art).find(|&j| !t.rows[r][j].is_zero()) {
                Some(j) => t.pivot(r, j)?,
                None => {
                    t.rows.remove(r);
                    t.basis.remove(r);
                    continue;
                }
            }
        }
        r += 1;
    }
    for b in t.banned[art..].iter_mut() {
        *b = true;
    }
    // phase 2: maximize −b·y
    let mut c = vec![T::zero(); cols];
    for (i, (_, b)) in rows.iter().enumerate() {
        c[i] = T::of(b.checked_neg()?)?;
    }
    t.objective(&c)?;
    Some(match t.run()? {
        Phase::Unbounded => Dual::Unbounded,
        // max −b·y = −z[rhs]: the minimum of b·y is z[rhs]
        Phase::Optimal => {
            let mut y = vec![BigRational::zero(); if point { m } else { 0 }];
            for (r, &j) in t.basis.iter().enumerate() {
                if point && j < art {
                    y[j] = t.rows[r][cols].big();
                }
            }
            Dual::Optimal(t.z[cols].big(), y)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn max(rows: &[(Vec<i128>, i128)], obj: &[i128]) -> Lp {
        let small = solve::<Ratio<i128>>(rows, obj).expect("no overflow");
        if let Some(word) = solve::<Ratio<i64>>(rows, obj) {
            assert_eq!(word, small, "i64 and i128 agree");
        }
        assert_eq!(small, solve::<BigRational>(rows, obj).expect("big"), "both fields agree");
        small
    }

    fn q(n: i64, d: i64) -> Lp {
        Lp::Max(BigRational::new(BigInt::from(n), BigInt::from(d)))
    }

    #[test]
    fn maxima_of_small_programs() {
        // x ≤ 3, y ≤ 2, x + y ≤ 4: max x + 2y = 6 at (2, 2)
        let rows = vec![(vec![1, 0], 3), (vec![0, 1], 2), (vec![1, 1], 4)];
        assert_eq!(max(&rows, &[1, 2]), q(6, 1));
        // no lower bound on x: unbounded below
        assert_eq!(max(&rows, &[-1, 0]), Lp::Unbounded);
        // 2x ≥ 1 (−2x ≤ −1), x ≤ 1: min x = 1/2
        assert_eq!(max(&[(vec![-2], -1), (vec![1], 1)], &[-1]), q(-1, 2));
        // x ≥ 2 and x ≤ 1
        assert_eq!(max(&[(vec![-1], -2), (vec![1], 1)], &[1]), Lp::Infeasible);
        // an equality written twice, and redundant rows: y = 100x, 0 ≤ x ≤ 1
        let eq = vec![(vec![-100, 1], 0), (vec![100, -1], 0), (vec![1, 0], 1), (vec![-1, 0], 0), (vec![1, 0], 1)];
        assert_eq!(max(&eq, &[0, 1]), q(100, 1));
        assert_eq!(max(&eq, &[0, -1]), q(0, 1));
        // no rows, zero objective
        assert_eq!(max(&[], &[0, 0]), q(0, 1));
    }

    #[test]
    fn farkas_multipliers_sum_the_rows_to_a_contradiction() {
        // y ≤ 100x, z ≤ 10w (one side); 100x ≤ z, 10w + 1 ≤ y (the other);
        // variables x, y, z, w
        let rows = vec![
            (vec![-100, 1, 0, 0], 0),
            (vec![0, 0, 1, -10], 0),
            (vec![100, 0, -1, 0], 0),
            (vec![0, -1, 0, 10], -1),
            (vec![-1, 0, 0, 0], 0),
        ];
        let y = farkas(&rows).expect("no point");
        assert!(y.iter().all(|k| !k.is_negative()), "{y:?}");
        for j in 0..4 {
            let sum: BigRational =
                rows.iter().zip(&y).map(|((a, _), k)| k * BigRational::from_integer(a[j].into())).sum();
            assert!(sum.is_zero(), "column {j}: {y:?}");
        }
        let b: BigRational = rows.iter().zip(&y).map(|((_, b), k)| k * BigRational::from_integer((*b).into())).sum();
        assert!(b.is_negative(), "{y:?}");
        // the unused row gets no weight, and the four used ones equal weights
        assert!(y[4].is_zero() && y[..4].iter().all(|k| *k == y[0]), "{y:?}");
        // a point: no certificate
        assert_eq!(farkas(&rows[..3]), None);
        assert_eq!(farkas(&[(vec![1], 1), (vec![-1], 0)]), None);
    }

    #[test]
    fn overflow_goes_to_big_rationals() {
        let big = i128::MAX / 3;
        let rows = vec![(vec![big, 1], big), (vec![-1, 0], 0), (vec![0, -1], 0)];
        assert!(solve::<Ratio<i128>>(&rows, &[big, big]).is_none(), "i128 overflows");
        // max big·x + big·y with big·x + y ≤ big, x, y ≥ 0: at y = big, x = 0
        let m = BigInt::from(big) * BigInt::from(big);
        assert_eq!(maximize(&rows, &[big, big]), Lp::Max(BigRational::from_integer(m)));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// On random small systems, `farkas` gives a certificate exactly
        /// where `maximize` finds no point, and every certificate is one:
        /// nonnegative multipliers summing the rows to `0 ≤ −k`.
        #[test]
        fn farkas_certificates_exist_exactly_for_systems_without_a_point(
            rows in proptest::collection::vec((proptest::collection::vec(-4i128..=4, 3), -6i128..=6), 1..7)
        ) {
            let y = farkas(&rows);
            let empty = maximize(&rows, &[0, 0, 0]) == Lp::Infeasible;
            proptest::prop_assert_eq!(y.is_some(), empty, "{:?}", rows);
            if let Some(y) = y {
                let q = |x: i128| BigRational::from_integer(x.into());
                proptest::prop_assert!(y.iter().all(|k| !k.is_negative()), "{:?}", y);
                for j in 0..3 {
                    let sum: BigRational = rows.iter().zip(&y).map(|((a, _), k)| k * q(a[j])).sum();
                    proptest::prop_assert!(sum.is_zero(), "column {}: {:?} {:?}", j, rows, y);
                }
                let b: BigRational = rows.iter().zip(&y).map(|((_, b), k)| k * q(*b)).sum();
                proptest::prop_assert!(b.is_negative(), "{:?} {:?}", rows, y);
            }
        }
    }
}
