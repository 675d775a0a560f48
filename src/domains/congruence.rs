//! Congruences modulo powers of two (Granger, "Static analysis of arithmetical
//! congruences", 1989, restricted to the moduli `2^k`): `x ≡ a (mod 2^k)`, the
//! low `k` bits of a value known. The component of [`super::strided`] that
//! proves parity (issue 47: loop-acceleration phases_1-1, `x % 2` after a
//! loop that steps by 2; DAGGER's refinement keeps the domain, so the domain
//! must hold what the proof needs).
//!
//! Why powers of two only: every wrap of the program model (`smt::lower`:
//! `wrap`, `wrap_small`, the unsigned and signed views) adds or subtracts a
//! multiple of `2^N`, which keeps every congruence modulo `2^k` for `k <= N`
//! — and the bit operations the optimizer writes for `x % 2^j` (`x & (2^j -
//! 1)`) read exactly the known bits.
//!
//! Invariants: `k <= 64`, `k <= N` for an `N`-bit value, `a < 2^k`; `k = 0`
//! is top. An evaluation returns top wherever the lowering of the integer
//! semantics over-approximates (a bit operation on two variables under `lia`,
//! shifts by a variable) and under `math` (no wrap: a value's `N` known bits
//! do not make it a point there), so that every value the model allows
//! satisfies the congruence (checked by the property tests of `soundness`).

use super::Ctx;
use crate::ir::IntSemantics;
use crate::ir::{BinOp, CastOp, Expr, Sort, VarId};

/// The largest modulus exponent kept (bounds stay exact in `i128`).
pub const MAX_K: u32 = 64;

/// `x ≡ a (mod 2^k)`; `k = 0` is any value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cong {
    pub k: u32,
    pub a: u128,
}

fn mask(k: u32) -> u128 {
    if k >= 128 {
        u128::MAX
    } else {
        (1u128 << k) - 1
    }
}

impl Cong {
    pub const TOP: Cong = Cong { k: 0, a: 0 };

    /// `x ≡ a (mod 2^k)` (`k` capped at [`MAX_K`], `a` reduced).
    pub fn new(k: u32, a: u128) -> Cong {
        let k = k.min(MAX_K);
        Cong { k, a: a & mask(k) }
    }

    /// The value `c` of an `N`-bit integer: its `N` low bits.
    pub fn exact(c: i128, bits: u32) -> Cong {
        Cong::new(bits, c as u128)
    }

    pub fn is_top(&self) -> bool {
        self.k == 0
    }

    /// Whether `c` satisfies it.
    pub fn contains(&self, c: i128) -> bool {
        (c as u128) & mask(self.k) == self.a
    }

    /// `γ(self) ⊆ γ(o)`.
    pub fn leq(&self, o: &Cong) -> bool {
        self.k >= o.k && self.a & mask(o.k) == o.a
    }

    /// The least congruence holding both: the low bits on which they agree.
    pub fn join(&self, o: &Cong) -> Cong {
        let k = self.k.min(o.k).min((self.a ^ o.a).trailing_zeros());
        Cong::new(k, self.a)
    }

    /// Both, or `None` where no value satisfies both.
    pub fn meet(&self, o: &Cong) -> Option<Cong> {
        let k = self.k.min(o.k);
        if self.a & mask(k) != o.a & mask(k) {
            return None;
        }
        Some(if self.k >= o.k { *self } else { *o })
    }

    /// The same congruence modulo at most `2^k`.
    pub fn coarsen(&self, k: u32) -> Cong {
        Cong::new(self.k.min(k), self.a)
    }

    fn add(&self, o: &Cong) -> Cong {
        Cong::new(self.k.min(o.k), self.a.wrapping_add(o.a))
    }

    fn neg(&self) -> Cong {
        Cong::new(self.k, self.a.wrapping_neg())
    }

    /// `x·y`: with `x = a + 2^k·s`, `y = b + 2^l·t`, the product is `a·b`
    /// modulo `2^min(k + tz(b), l + tz(a))` (`tz`: the known trailing zeros).
    fn mul(&self, o: &Cong) -> Cong {
        let tz = |c: &Cong| c.a.trailing_zeros().min(c.k);
        let k = (self.k + tz(o)).min(o.k + tz(self));
        Cong::new(k, self.a.wrapping_mul(o.a))
    }

    /// The smallest value `>= lo` that satisfies it (`None`: past `i128`).
    pub fn above(&self, lo: i128) -> Option<i128> {
        if self.k == 0 {
            return Some(lo);
        }
        let m = 1i128 << self.k;
        let up = (self.a as i128 - lo).rem_euclid(m);
        lo.checked_add(up)
    }

    /// The greatest value `<= hi` that satisfies it.
    pub fn below(&self, hi: i128) -> Option<i128> {
        if self.k == 0 {
            return Some(hi);
        }
        let m = 1i128 << self.k;
        let down = (hi - self.a as i128).rem_euclid(m);
        hi.checked_sub(down)
    }
}

/// The low mask `2^j - 1` a literal is, as `j` (`0 < j`).
pub fn low_mask(e: &Expr, bits: u32) -> Option<u32> {
    let Expr::Int { value, .. } = e else { return None };
    let m = *value as u128 & mask(bits);
    (m != 0 && (m + 1) & m == 0).then(|| (m + 1).trailing_zeros().min(bits))
}

/// The power of two `2^j` a literal is, as `j`.
fn power_of_two(e: &Expr) -> Option<u32> {
    match e {
        Expr::Int { value, .. } if *value > 0 && value.count_ones() == 1 => Some(value.trailing_zeros()),
        _ => None,
    }
}

/// The congruence of the integer expression `e`, where `var` gives each
/// variable's (its own, reduced with its interval) — top for Booleans,
/// unbounded integers, memory, and whatever the semantics over-approximates.
pub fn eval(cx: &Ctx, e: &Expr, var: &dyn Fn(VarId, u32) -> Cong) -> Cong {
    if cx.sem == IntSemantics::Math {
        return Cong::TOP;
    }
    let Sort::Int { bits } = e.sort() else { return Cong::TOP };
    let bv = cx.sem == IntSemantics::Bv;
    let ev = |x: &Expr| eval(cx, x, var);
    let r = match e {
        Expr::Int { value, bits } => Cong::exact(*value, *bits),
        Expr::Var(v, _) => var(*v, bits),
        Expr::Ite(_, a, b) => ev(a).join(&ev(b)),
        Expr::Bin { op, a, b, .. } => match op {
            BinOp::Add => ev(a).add(&ev(b)),
            BinOp::Sub => ev(a).add(&ev(b).neg()),
            BinOp::Mul => ev(a).mul(&ev(b)),
            // (a remainder by 2^j keeps the value modulo 2^j; by 2^j
            // unsigned it is the low j bits)
            BinOp::URem | BinOp::SRem => match power_of_two(b) {
                Some(j) if j < bits => {
                    let x = ev(a);
                    if *op == BinOp::URem && x.k >= j {
                        Cong::new(bits, x.a & mask(j))
                    } else {
                        x.coarsen(j)
                    }
                }
                _ => Cong::TOP,
            },
            BinOp::Shl => match &**b {
                Expr::Int { value, .. } if (0..bits as i128).contains(value) => {
                    let (s, x) = (*value as u32, ev(a));
                    Cong::new(x.k + s, x.a << s)
                }
                _ => Cong::TOP,
            },
            BinOp::And => {
                let mask_of = |x: &Expr, y: &Expr| low_mask(y, bits).map(|j| (x.clone(), j));
                match mask_of(a, b).or_else(|| mask_of(b, a)) {
                    // `x & (2^j - 1)`: the low j bits of x, all of them if known
                    Some((x, j)) => {
                        let c = ev(&x);
                        if j >= bits {
                            c
                        } else if c.k >= j {
                            Cong::new(bits, c.a & mask(j))
                        } else {
                            // (the bits from c.k to j unknown, those above 0)
                            c
                        }
                    }
                    None if bv => {
                        let (x, y) = (ev(a), ev(b));
                        Cong::new(x.k.min(y.k), x.a & y.a)
                    }
                    None => Cong::TOP,
                }
            }
            BinOp::Or | BinOp::Xor if bv => {
                let (x, y) = (ev(a), ev(b));
                let v = if *op == BinOp::Or { x.a | y.a } else { x.a ^ y.a };
                Cong::new(x.k.min(y.k), v)
            }
            _ => Cong::TOP,
        },
        Expr::Cast { op, from, to, a } => {
            let x = ev(a);
            match op {
                // (zero-extension: the unsigned view, the same value modulo 2^from)
                CastOp::Zext if *from > 1 => x.coarsen(*from),
                CastOp::Sext if *from > 1 => x,
                CastOp::Trunc => x.coarsen(*to),
                _ => Cong::TOP,
            }
        }
        _ => Cong::TOP,
    };
    r.coarsen(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_keeps_the_agreeing_low_bits_and_meet_finds_conflicts() {
        let (zero, two, four) = (Cong::exact(0, 32), Cong::exact(2, 32), Cong::exact(4, 32));
        assert_eq!(zero.join(&two), Cong::new(1, 0));
        assert_eq!(zero.join(&four), Cong::new(2, 0));
        assert_eq!(zero.join(&Cong::exact(1, 32)), Cong::TOP);
        assert!(Cong::new(1, 0).meet(&Cong::new(1, 1)).is_none());
        assert_eq!(Cong::new(1, 0).meet(&Cong::new(3, 2)), Some(Cong::new(3, 2)));
        assert!(two.leq(&Cong::new(1, 0)) && !Cong::new(1, 0).leq(&two));
    }

    #[test]
    fn products_keep_the_trailing_zeros_of_either_factor() {
        // (odd)·(2 mod 4) ≡ 2 mod 4; (even)·(even) ≡ 0 mod 4
        assert_eq!(Cong::new(1, 1).mul(&Cong::new(2, 2)), Cong::new(2, 2));
        assert_eq!(Cong::new(1, 0).mul(&Cong::new(1, 0)), Cong::new(2, 0));
        assert_eq!(Cong::TOP.mul(&Cong::exact(4, 32)), Cong::new(2, 0));
    }

    #[test]
    fn bounds_move_to_the_nearest_member() {
        let even = Cong::new(1, 0);
        assert_eq!((even.above(65521), even.below(268435455)), (Some(65522), Some(268435454)));
        assert_eq!((even.above(-3), even.below(-3)), (Some(-2), Some(-4)));
        assert_eq!(Cong::new(2, 3).above(0), Some(3));
    }
}
