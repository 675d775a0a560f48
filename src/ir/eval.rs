//! The reference evaluator of the program model: the value of an [`Expr`] and
//! the effect of an edge body on concrete values, under one [`IntSemantics`]
//! (README "Integer semantics"). It is the concrete semantics that the
//! abstract domains (issue 21) and the tests of the lowering check against.
//!
//! The model's meaning is its Z3 lowering (`smt::lower`); this module restates
//! it on values, operation by operation. Invariants:
//!
//! - Agreement: when [`expr`] gives `Ok(v)`, the lowering of the expression,
//!   with every variable fixed to its value, has satisfiable side constraints
//!   and forces the term to `v` (the property test of this module checks it
//!   with Z3). Where the lowering introduces a fresh constant, the answer is
//!   [`NoValue::Arbitrary`]: never a value the lowering does not force.
//! - Ranges: under `lia` and `bv` a value of sort `Int { bits }` is the signed
//!   value of its bit pattern, in `[-2^(N-1), 2^(N-1))` ([`range`]), and every
//!   `Ok` of that sort is in it. Under `math` integers are unbounded (here
//!   `i128`: beyond it is [`NoValue::Unsupported`]).
//! - [`NoValue::Excluded`] comes only from `nsw` arithmetic under `lia`
//!   (`add`, `sub`, `mul`, `shl` by a literal) out of range: the lowering keeps
//!   the exact result, which a location's range constraint excludes when an
//!   edge starts from it; terms built on it within the edge are not followed.
//! - Like the lowering's terms, `ite` has the value of its chosen arm and a
//!   conjunction with a `false` operand is `false` (a disjunction with a
//!   `true` one `true`), whatever the other operands are.
//!
//! Where LLVM leaves a result undefined (poison or undefined behaviour), the
//! model refines it, and so does this evaluator:
//!
//! | operation | `lia` | `bv` | `math` |
//! |---|---|---|---|
//! | `nsw` overflow | excluded | wraps | exact |
//! | `nuw` overflow (the flag is ignored) | wraps | wraps | exact |
//! | `sdiv MIN, -1` / `srem MIN, -1` | `MIN` / `0` | `MIN` / `0` | `2^(N-1)` / `0` |
//! | `udiv x, 0`, `sdiv x, 0`, `urem x, 0` | arbitrary, even out of range | SMT-LIB: `-1`, `x < 0 ? 1 : -1`, `x` | arbitrary |
//! | `srem x, 0` (`x - 0·q`) | `x` | `x` | `x` |
//! | shift by `>= N` | arbitrary | `0` (`ashr`: the sign) | arbitrary |
//!
//! Under `lia` and `math` the lowering's exactness depends on syntax, not only
//! on values: a shift, a funnel shift or an `and`/`or`/`xor` is exact only when
//! the amount, or one operand (the mask), lowers to a Z3 numeral (a literal,
//! and what the lowering folds from literals: `Eval::numeral`) and, for a bit
//! operation, the mask is one the lowering encodes (all ones, zero, a low or
//! high mask, at most 8 bits set or clear). A variable holding the same value
//! gives [`NoValue::Arbitrary`].
//!
//! `math` is `lia` without ranges: nothing wraps (`trunc`, `zext` and the
//! unsigned views are the value itself, so `udiv`/`urem` are Euclidean and
//! `ult` compares the values), overflow intrinsics are `false`, and a funnel
//! shift is exact only by a multiple of the width.
//!
//! Also as the lowering: `Value` of an `i1` reads `true` as 1, signed or not
//! (LLVM's signed `i1` true is -1); `abs` ignores its `is_int_min_poison`
//! argument; under `lia` a negative literal funnel-shift amount is reduced by
//! its signed value (LLVM, and `bv`, by its unsigned one: they differ at
//! widths that are not powers of two).
//!
//! Not handled: memory (a `Select` is an arbitrary cell; a `Store`, a region
//! variable are unsupported) and quantifiers. Ill-sorted expressions are
//! [`NoValue::Unsupported`] where noticed (`Cmp`, `Bin`, `Intr` on `i1`
//! operands among them: the frontend makes those Boolean connectives).
//!
//! Architecture invariant: like the rest of `ir`, this knows nothing about Z3
//! and imports nothing of `smt`; its agreement with the lowering is tested
//! from above, in `smt::eval_agreement` (through `smt::lower::oracle`).

use super::{
    ArithOp, BinOp, CastOp, CmpPred, Expr, FloatFormat, FloatOp, HavocKind, IntSemantics, IntrOp, Rel, Sort, Stmt,
    VarId,
};
use std::collections::HashMap;

/// A concrete value: a Boolean, or an integer — the signed value of an N-bit
/// integer (`Sort::Int { bits }`, in [-2^(N-1), 2^(N-1))) or a mathematical
/// integer (`Sort::Num`, and every integer under `Math`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    Bool(bool),
    Int(i128),
}

/// Why an expression has no single value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoValue {
    /// The model excludes this execution: an `nsw` result out of its type's
    /// range under `lia` (the lowering keeps the exact value, which no state
    /// at a location may hold).
    Excluded,
    /// The model gives it an arbitrary value: what the lowering
    /// over-approximates with a fresh constant (division by zero, a shift by a
    /// variable amount, a dense bit mask, an undefined variable, a memory
    /// cell, ...). The string says which. In the type's range, except a
    /// division by zero under `lia` (Z3's `div`/`mod` by zero: any integer).
    Arbitrary(String),
    /// Outside what this evaluator handles (memory regions, quantifiers, an
    /// integer beyond `i128`: under `math`, or of `Num` arithmetic; an
    /// ill-sorted expression); tests skip these.
    Unsupported(String),
}

/// An evaluation's result.
pub type Res<T> = Result<T, NoValue>;

/// All ones in `bits` bits (`1 <= bits <= 128`).
pub fn ones(bits: u32) -> u128 {
    u128::MAX >> (128 - bits)
}
/// The least signed value of `bits` bits.
pub fn smin(bits: u32) -> i128 {
    i128::MIN >> (128 - bits)
}
/// The greatest signed value of `bits` bits.
pub fn smax(bits: u32) -> i128 {
    i128::MAX >> (128 - bits)
}
/// The `bits`-bit pattern of `v` (two's complement, `v` wrapped).
fn pattern(v: i128, bits: u32) -> u128 {
    v as u128 & ones(bits)
}
/// The signed value of the `bits`-bit pattern `u` (only its low bits count).
pub fn signed_of(u: u128, bits: u32) -> i128 {
    let shift = 128 - bits;
    ((u << shift) as i128) >> shift
}
/// `v` wrapped into the signed range of `bits` bits.
pub fn wrap(v: i128, bits: u32) -> i128 {
    signed_of(v as u128, bits)
}
/// `x · 2^c` if it fits `i128`.
fn mul_pow2(x: i128, c: u32) -> Option<i128> {
    if c >= 128 {
        return (x == 0).then_some(0);
    }
    let r = x.wrapping_shl(c);
    (r >> c == x).then_some(r)
}
/// `x mod 2^k` (Euclidean: in `[0, 2^k)`), `k < 128`.
fn mod_pow2(x: i128, k: u32) -> i128 {
    (x as u128 & ((1u128 << k) - 1)) as i128
}
/// Euclidean quotient and remainder (SMT-LIB `div`/`mod`), `b != 0`.
fn euclid(a: i128, b: i128) -> Option<(i128, i128)> {
    if b == -1 {
        return Some((a.checked_neg()?, 0));
    }
    Some((a.div_euclid(b), a.rem_euclid(b)))
}

/// The range of a sort under `sem`: `Some((min, max))` for `Int { bits }`
/// under `lia` and `bv`; `None` for an unbounded integer (`Num`, or any
/// integer under `math`) and for what is not an integer (`Bool`, a region).
pub fn range(sort: Sort, sem: IntSemantics) -> Option<(i128, i128)> {
    match (sort, sem) {
        (Sort::Int { bits }, IntSemantics::Lia | IntSemantics::Bv) if (1..=128).contains(&bits) => {
            Some((smin(bits), smax(bits)))
        }
        _ => None,
    }
}

/// Whether `v` is a value of `sort` under `sem`.
pub fn fits(v: Val, sort: Sort, sem: IntSemantics) -> bool {
    match (v, sort) {
        (Val::Bool(_), Sort::Bool) => true,
        (Val::Int(x), Sort::Int { .. }) => range(sort, sem).is_none_or(|(lo, hi)| lo <= x && x <= hi),
        (Val::Int(_), Sort::Num) => true,
        _ => false,
    }
}

/// The value of `e` under `sem`, the variables' values given by `env` (`None`:
/// undefined, an arbitrary value as the lowering's `undef`).
pub fn expr(e: &Expr, env: &dyn Fn(VarId) -> Option<Val>, sem: IntSemantics) -> Result<Val, NoValue> {
    Eval { env, sem }.expr(e)
}

/// Runs an edge body (Assign, Assume, Havoc, Parallel) on `env`: `Ok(true)` if
/// every `Assume` held, `Ok(false)` at the first that failed (the path is
/// infeasible; the rest is not run), `Err` at the first value that was
/// Excluded/Arbitrary/Unsupported. `havoc(v, sort)` supplies the value of a
/// `Havoc` (it must fit the sort); `sorts` gives each variable's sort, and an
/// assigned value must fit it.
pub fn body(
    stmts: &[Stmt],
    env: &mut HashMap<VarId, Val>,
    sem: IntSemantics,
    sorts: &dyn Fn(VarId) -> Sort,
    havoc: &mut dyn FnMut(VarId, Sort) -> Val,
) -> Result<bool, NoValue> {
    let fitting = |v: VarId, x: Val, what: &str| {
        if fits(x, sorts(v), sem) {
            Ok(x)
        } else {
            Err(NoValue::Unsupported(format!("{what} {x:?} is not a value of v{}'s sort {:?}", v.0, sorts(v))))
        }
    };
    for st in stmts {
        match st {
            Stmt::Assign(v, e) => {
                let x = expr(e, &|w| env.get(&w).copied(), sem)?;
                env.insert(*v, fitting(*v, x, "the assigned value")?);
            }
            Stmt::Assume(c) => match expr(c, &|w| env.get(&w).copied(), sem)? {
                Val::Bool(true) => {}
                Val::Bool(false) => return Ok(false),
                Val::Int(_) => return Err(NoValue::Unsupported("an assumption that is not a Boolean".into())),
            },
            Stmt::Havoc(v, HavocKind::Float { op, format, args }, _) => {
                let x = float(*op, *format, args, sorts(*v), env, sem)?;
                env.insert(*v, fitting(*v, x, "the result of a floating-point operation")?);
            }
            Stmt::Havoc(v, ..) => {
                let x = havoc(*v, sorts(*v));
                env.insert(*v, fitting(*v, x, "the havocked value")?);
            }
            Stmt::Parallel(xs) => {
                let mut vals = Vec::with_capacity(xs.len());
                for (v, e) in xs {
                    let x = expr(e, &|w| env.get(&w).copied(), sem)?;
                    vals.push((*v, fitting(*v, x, "the assigned value")?));
                }
                env.extend(vals);
            }
        }
    }
    Ok(true)
}

/// The value of a floating-point operation: exact under `bv` (where the
/// operation has one: [`super::float::apply`]), arbitrary under `lia` and
/// `math`, as the lowering encodes it.
fn float(
    op: FloatOp,
    format: FloatFormat,
    args: &[Expr],
    sort: Sort,
    env: &HashMap<VarId, Val>,
    sem: IntSemantics,
) -> Result<Val, NoValue> {
    let arbitrary = || NoValue::Arbitrary(format!("floating point ({})", op.name()));
    if sem != IntSemantics::Bv {
        return Err(arbitrary());
    }
    let values = all(args.iter().map(|a| expr(a, &|w| env.get(&w).copied(), sem)).collect())?;
    let ints: Option<Vec<i128>> = values.iter().map(|v| if let Val::Int(i) = v { Some(*i) } else { None }).collect();
    let ints = ints.ok_or_else(|| NoValue::Unsupported("a floating-point operand that is not an integer".into()))?;
    let arg_bits = args.first().map_or(0, |a| a.sort().width());
    super::float::apply(op, format, &ints, arg_bits, sort.width()).map(Val::Int).ok_or_else(arbitrary)
}

/// The first error of `rs`, an exclusion first (an excluded execution is
/// excluded whatever an arbitrary operand is), or all the values.
fn all<T>(rs: Vec<Res<T>>) -> Res<Vec<T>> {
    if rs.iter().any(|r| matches!(r, Err(NoValue::Excluded))) {
        return Err(NoValue::Excluded);
    }
    rs.into_iter().collect()
}
/// Both values, or the first error, an exclusion first (as [`all`]).
fn pair<T>(a: Res<T>, b: Res<T>) -> Res<(T, T)> {
    match (a, b) {
        (Err(NoValue::Excluded), _) | (_, Err(NoValue::Excluded)) => Err(NoValue::Excluded),
        (a, b) => Ok((a?, b?)),
    }
}
pub(crate) fn unsupported(what: &str) -> NoValue {
    NoValue::Unsupported(what.to_string())
}
fn arbitrary(what: &str) -> NoValue {
    NoValue::Arbitrary(what.to_string())
}
/// An `i128` result under `math` (its overflow is not the model's).
fn fit(x: Option<i128>) -> Res<i128> {
    x.ok_or_else(|| unsupported("an intermediate beyond i128"))
}

struct Eval<'a> {
    env: &'a dyn Fn(VarId) -> Option<Val>,
    sem: IntSemantics,
}

impl Eval<'_> {
    fn math(&self) -> bool {
        self.sem == IntSemantics::Math
    }

    /// The value of `e` if its lowering (under `lia` or `math`) is a Z3
    /// numeral: what decides whether a shift, a funnel shift or a bit
    /// operation is exact, and which operand of a bit operation is the mask.
    /// Literals are, and what the lowering folds from numerals: extensions
    /// (truncations under `math`), `lshr`/`ashr` by a literal below the
    /// width, `and` with a zero mask (whatever the other operand) or an
    /// all-ones or low mask, `udiv`/`urem` by a positive numeral under
    /// `math`, a funnel shift by a multiple of the width. A variable is not.
    fn numeral(&self, e: &Expr) -> Option<i128> {
        let math = self.math();
        match e {
            Expr::Int { value, .. } => Some(*value),
            Expr::Num(n) => Some(*n),
            Expr::Cast { op, from, to, a } if *from > 1 && *to > 1 => {
                let v = self.numeral(a)?;
                match op {
                    _ if math => Some(v),
                    CastOp::Sext => Some(v),
                    CastOp::Zext => i128::try_from(pattern(v, *from)).ok(),
                    CastOp::Trunc => None,
                }
            }
            // (`2^127` and an unsigned view beyond `i128` are numerals Z3
            // does not read back as `i128`: the lowering does not fold them)
            Expr::Bin { op: op @ (BinOp::LShr | BinOp::AShr), bits, a, b, .. } => {
                let c = self.numeral(b).filter(|c| (0..*bits as i128).contains(c) && *c < 127)? as u32;
                let v = self.numeral(a)?;
                match op {
                    BinOp::LShr if c > 0 && !math => i128::try_from(pattern(v, *bits)).ok().map(|u| u >> c),
                    _ => Some(v >> c),
                }
            }
            Expr::Bin { op: op @ (BinOp::UDiv | BinOp::URem), a, b, .. } if math => {
                let k = self.numeral(b).filter(|k| *k > 0)?;
                let (q, r) = euclid(self.numeral(a)?, k)?;
                Some(if *op == BinOp::UDiv { q } else { r })
            }
            Expr::Bin { op: BinOp::And, bits, a, b, .. } => {
                let (x, m) = match self.numeral(b) {
                    Some(m) => (a, m),
                    None => (b, self.numeral(a)?),
                };
                let (mu, all) = (pattern(m, *bits), ones(*bits));
                if mu == 0 {
                    Some(0)
                } else if mu == all {
                    self.numeral(x)
                } else if (mu + 1) & mu == 0 && (mu + 1).trailing_zeros() < 127 {
                    Some(mod_pow2(self.numeral(x)?, (mu + 1).trailing_zeros()))
                } else {
                    None
                }
            }
            Expr::Intr { op: op @ (IntrOp::Fshl | IntrOp::Fshr), bits, args } if args.len() == 3 => {
                self.numeral(&args[2]).filter(|s| s.rem_euclid(*bits as i128) == 0)?;
                self.numeral(&args[if *op == IntrOp::Fshl { 0 } else { 1 }])
            }
            _ => None,
        }
    }

    fn boolean(&self, e: &Expr) -> Res<bool> {
        match self.expr(e)? {
            Val::Bool(b) => Ok(b),
            Val::Int(_) => Err(unsupported("an integer where a Boolean is expected")),
        }
    }

    /// An operand of `bits` bits: its value, in range unless under `math`.
    fn int(&self, e: &Expr, bits: u32) -> Res<i128> {
        match self.expr(e)? {
            Val::Int(x) if self.math() || (smin(bits) <= x && x <= smax(bits)) => Ok(x),
            v => Err(NoValue::Unsupported(format!("{v:?} is not an i{bits} operand"))),
        }
    }

    /// An operand of a mathematical operation (`Num`, or an integer's value).
    fn num(&self, e: &Expr) -> Res<i128> {
        match self.expr(e)? {
            Val::Int(x) => Ok(x),
            Val::Bool(_) => Err(unsupported("a Boolean where an integer is expected")),
        }
    }

    fn expr(&self, e: &Expr) -> Res<Val> {
        let width = |bits: u32| {
            if (2..=128).contains(&bits) {
                Ok(bits)
            } else {
                Err(NoValue::Unsupported(format!("an integer operation of {bits} bits")))
            }
        };
        match e {
            Expr::Bool(b) => Ok(Val::Bool(*b)),
            Expr::Int { value, bits } => {
                let bits = width(*bits)?;
                if self.math() || (smin(bits) <= *value && *value <= smax(bits)) {
                    Ok(Val::Int(*value))
                } else {
                    Err(NoValue::Unsupported(format!("the constant {value} is not an i{bits}")))
                }
            }
            Expr::Var(v, sort) => {
                if matches!(sort, Sort::Array { .. }) {
                    return Err(unsupported("a memory region"));
                }
                match (self.env)(*v) {
                    None => Err(NoValue::Arbitrary(format!("v{} is undefined", v.0))),
                    Some(x) if fits(x, *sort, self.sem) => Ok(x),
                    Some(x) => Err(NoValue::Unsupported(format!("v{} = {x:?} is not a value of {sort:?}", v.0))),
                }
            }
            Expr::Not(a) => Ok(Val::Bool(!self.boolean(a)?)),
            Expr::And(xs) => self.connective(xs, false),
            Expr::Or(xs) => self.connective(xs, true),
            Expr::Xor(a, b) => {
                let (a, b) = pair(self.boolean(a), self.boolean(b))?;
                Ok(Val::Bool(a != b))
            }
            Expr::Ite(c, a, b) => {
                if self.boolean(c)? {
                    self.expr(a)
                } else {
                    self.expr(b)
                }
            }
            Expr::Bin { op, bits, nsw, a, b, .. } => {
                let bits = width(*bits)?;
                let (x, y) = pair(self.int(a, bits), self.int(b, bits))?;
                let r = match self.sem {
                    IntSemantics::Bv => Ok(bin_bv(*op, bits, x, y)),
                    _ => {
                        // (whether an operand is a numeral matters to these only)
                        let literal =
                            matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr | BinOp::And | BinOp::Or | BinOp::Xor);
                        let num = |e: &Expr| literal && self.numeral(e).is_some();
                        self.bin_int(*op, bits, *nsw, (x, num(a)), (y, num(b)))
                    }
                };
                r.map(Val::Int)
            }
            Expr::Cmp { pred, bits, a, b } => {
                let bits = width(*bits)?;
                let (x, y) = pair(self.int(a, bits), self.int(b, bits))?;
                Ok(Val::Bool(self.cmp(*pred, bits, x, y)))
            }
            Expr::Cast { op, from, to, a } => self.cast(*op, *from, *to, a),
            Expr::Intr { op, bits, args } => self.intrinsic(*op, width(*bits)?, args),
            Expr::Num(n) => Ok(Val::Int(*n)),
            Expr::Value { signed, bits, a } => {
                if *bits == 1 {
                    // the lowering reads a Boolean as 0/1, signed or not
                    // (LLVM's signed i1 `true` is -1)
                    return Ok(Val::Int(self.boolean(a)? as i128));
                }
                let bits = width(*bits)?;
                let x = self.int(a, bits)?;
                if *signed || self.math() {
                    return Ok(Val::Int(x));
                }
                let u = pattern(x, bits);
                i128::try_from(u).map(Val::Int).map_err(|_| unsupported("an unsigned value beyond i128"))
            }
            Expr::Arith { op, args } => {
                let xs = all(args.iter().map(|a| self.num(a)).collect())?;
                let r = match (op, xs.as_slice()) {
                    (ArithOp::Add, [_, ..]) => fit(xs.iter().try_fold(0i128, |s, x| s.checked_add(*x)))?,
                    (ArithOp::Mul, [_, ..]) => fit(xs.iter().try_fold(1i128, |s, x| s.checked_mul(*x)))?,
                    (ArithOp::Sub | ArithOp::Neg, [a]) => fit(a.checked_neg())?,
                    (ArithOp::Sub, [a, rest @ ..]) => fit(rest.iter().try_fold(*a, |s, x| s.checked_sub(*x)))?,
                    (ArithOp::Div | ArithOp::Mod, [_, 0]) => {
                        return Err(arbitrary("Div/Mod by zero (mathematical integers)"))
                    }
                    (ArithOp::Div, [a, b]) => fit(euclid(*a, *b).map(|(q, _)| q))?,
                    (ArithOp::Mod, [a, b]) => fit(euclid(*a, *b).map(|(_, r)| r))?,
                    _ => return Err(NoValue::Unsupported(format!("{op:?} of {} operands", xs.len()))),
                };
                Ok(Val::Int(r))
            }
            Expr::Rel { rel, a, b } => {
                let (x, y) = pair(self.num(a), self.num(b))?;
                Ok(Val::Bool(match rel {
                    Rel::Eq => x == y,
                    Rel::Le => x <= y,
                    Rel::Lt => x < y,
                    Rel::Ge => x >= y,
                    Rel::Gt => x > y,
                }))
            }
            Expr::Select { .. } => Err(arbitrary("a memory cell (regions are not evaluated)")),
            Expr::Store { .. } => Err(unsupported("a memory region")),
            Expr::Forall { .. } | Expr::Bound { .. } => Err(unsupported("a quantifier")),
        }
    }

    /// `And` (`or == false`) or `Or`: a deciding operand decides, whatever
    /// the others are (the lowering's conjunction with `false` is `false`).
    fn connective(&self, xs: &[Expr], or: bool) -> Res<Val> {
        let vals: Vec<Res<bool>> = xs.iter().map(|x| self.boolean(x)).collect();
        if vals.iter().any(|v| v == &Ok(or)) {
            return Ok(Val::Bool(or));
        }
        all(vals)?;
        Ok(Val::Bool(!or))
    }

    /// `x pred y` for operands of `bits` bits: unsigned predicates compare
    /// the bit patterns, or the values themselves under `math`.
    fn cmp(&self, pred: CmpPred, bits: u32, x: i128, y: i128) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let unsigned = matches!(pred, CmpPred::Ult | CmpPred::Ule | CmpPred::Ugt | CmpPred::Uge);
        let ord = if unsigned && !self.math() { pattern(x, bits).cmp(&pattern(y, bits)) } else { x.cmp(&y) };
        match pred {
            CmpPred::Eq => ord == Equal,
            CmpPred::Ne => ord != Equal,
            CmpPred::Slt | CmpPred::Ult => ord == Less,
            CmpPred::Sle | CmpPred::Ule => ord != Greater,
            CmpPred::Sgt | CmpPred::Ugt => ord == Greater,
            CmpPred::Sge | CmpPred::Uge => ord != Less,
        }
    }

    /// A binary operation under `lia` or `math` (`smt::lower`'s `bin_int`);
    /// each operand with whether it is a numeral after lowering.
    fn bin_int(&self, op: BinOp, bits: u32, nsw: bool, (x, xn): (i128, bool), (y, yn): (i128, bool)) -> Res<i128> {
        let math = self.math();
        // an exact result: excluded out of range under lia, unsupported
        // beyond i128 under math
        let exact = |r: Option<i128>| -> Res<i128> {
            match r {
                Some(r) if math || (smin(bits) <= r && r <= smax(bits)) => Ok(r),
                _ if math => Err(unsupported("an intermediate beyond i128")),
                _ => Err(NoValue::Excluded),
            }
        };
        // a literal shift amount below the width
        let amount = || yn.then_some(y).filter(|c| (0..bits as i128).contains(c)).map(|c| c as u32);
        match op {
            BinOp::Add if nsw || math => exact(x.checked_add(y)),
            BinOp::Add => Ok(wrap(x.wrapping_add(y), bits)),
            BinOp::Sub if nsw || math => exact(x.checked_sub(y)),
            BinOp::Sub => Ok(wrap(x.wrapping_sub(y), bits)),
            BinOp::Mul if nsw || math => exact(x.checked_mul(y)),
            BinOp::Mul => Ok(wrap(x.wrapping_mul(y), bits)),
            BinOp::SDiv | BinOp::UDiv | BinOp::URem if y == 0 => Err(arbitrary("division by zero")),
            // truncating; `MIN / -1` wraps under lia
            BinOp::SDiv if math => fit(x.checked_div(y)),
            BinOp::SDiv => Ok(wrap(x.wrapping_div(y), bits)),
            // `x - y·q`: the dividend when `y = 0`
            BinOp::SRem if y == 0 => Ok(x),
            BinOp::SRem => Ok(x.wrapping_rem(y)),
            BinOp::UDiv if math => fit(euclid(x, y).map(|(q, _)| q)),
            BinOp::URem if math => fit(euclid(x, y).map(|(_, r)| r)),
            BinOp::UDiv => Ok(signed_of(pattern(x, bits) / pattern(y, bits), bits)),
            BinOp::URem => Ok(signed_of(pattern(x, bits) % pattern(y, bits), bits)),
            BinOp::Shl => match amount() {
                Some(c) if nsw || math => exact(mul_pow2(x, c)),
                Some(c) => Ok(wrap(x.wrapping_shl(c), bits)),
                None => Err(arbitrary("shift by a variable amount")),
            },
            BinOp::LShr => match amount() {
                Some(0) => Ok(x),
                Some(c) if math => Ok(x >> c),
                Some(c) => Ok((pattern(x, bits) >> c) as i128),
                None => Err(arbitrary("shift by a variable amount")),
            },
            BinOp::AShr => match amount() {
                Some(c) => Ok(x >> c),
                None => Err(arbitrary("shift by a variable amount")),
            },
            BinOp::And | BinOp::Or | BinOp::Xor => {
                let (v, m) = match (xn, yn) {
                    (_, true) => (x, y),
                    (true, false) => (y, x),
                    (false, false) => return Err(arbitrary("bit operation on two variables")),
                };
                if op == BinOp::Xor && pattern(m, bits) == ones(bits) {
                    return Ok(-1 - v);
                }
                let Some(n) = and_const(v, m, bits) else {
                    return Err(arbitrary("bit operation with a dense mask"));
                };
                let n = fit(n)?;
                // `v + m - n` and `v + m - 2n`, summed in an order that fits
                // whenever the result does under lia
                let rest = fit(v.checked_sub(n))?;
                match op {
                    BinOp::And => Ok(n),
                    BinOp::Or => fit(rest.checked_add(m)),
                    _ => fit(m.checked_sub(n).and_then(|k| rest.checked_add(k))),
                }
            }
        }
    }

    fn cast(&self, op: CastOp, from: u32, to: u32, a: &Expr) -> Res<Val> {
        let ok = (1..=128).contains(&from)
            && (1..=128).contains(&to)
            && if op == CastOp::Trunc { to < from } else { to > from };
        if !ok {
            return Err(NoValue::Unsupported(format!("{op:?} from i{from} to i{to}")));
        }
        if from == 1 {
            let b = self.boolean(a)?;
            return Ok(Val::Int(match (op, b) {
                (_, false) => 0,
                (CastOp::Sext, true) => -1,
                _ => 1,
            }));
        }
        let x = self.int(a, from)?;
        if to == 1 {
            // bit 0; `x mod 2 = 1` under lia and math
            return Ok(Val::Bool(x & 1 == 1));
        }
        Ok(Val::Int(match op {
            _ if self.math() => x,
            CastOp::Zext => pattern(x, from) as i128,
            CastOp::Sext => x,
            CastOp::Trunc => wrap(x, to),
        }))
    }

    fn intrinsic(&self, op: IntrOp, bits: u32, args: &[Expr]) -> Res<Val> {
        let arity = match op {
            IntrOp::Abs => 1..=2,
            IntrOp::Fshl | IntrOp::Fshr => 3..=3,
            _ => 2..=2,
        };
        if !arity.contains(&args.len()) {
            return Err(NoValue::Unsupported(format!("{op:?} of {} arguments", args.len())));
        }
        let math = self.math();
        match op {
            IntrOp::Abs => {
                // (the second argument, LLVM's `is_int_min_poison`, is ignored)
                let x = self.int(&args[0], bits)?;
                Ok(Val::Int(match x < 0 {
                    false => x,
                    true if math => fit(x.checked_neg())?,
                    true => wrap(x.wrapping_neg(), bits),
                }))
            }
            IntrOp::SMax | IntrOp::SMin | IntrOp::UMax | IntrOp::UMin => {
                let pred = op.selecting_pred().unwrap_or(CmpPred::Sgt);
                let (x, y) = pair(self.int(&args[0], bits), self.int(&args[1], bits))?;
                Ok(Val::Int(if self.cmp(pred, bits, x, y) { x } else { y }))
            }
            IntrOp::Fshl | IntrOp::Fshr => {
                let xs = all(args.iter().map(|a| self.int(a, bits)).collect())?;
                let (x, y) = (xs[0], xs[1]);
                let fshl = op == IntrOp::Fshl;
                let (ux, uy) = (pattern(x, bits), pattern(y, bits));
                let k = if self.sem == IntSemantics::Bv {
                    (pattern(xs[2], bits) % bits as u128) as u32
                } else if self.numeral(&args[2]).is_some() {
                    // FIXME(lowering): `lia` reduces the literal's signed
                    // value (`rem_euclid`); LLVM and `bv` its unsigned value.
                    // They differ for a negative amount at a width that is not
                    // a power of two (i65).
                    xs[2].rem_euclid(bits as i128) as u32
                } else {
                    return Err(arbitrary("funnel shift by a variable amount"));
                };
                // the bits of `x` shifted in from the left
                let left = if fshl { k } else { (bits - k) % bits };
                if left == 0 {
                    return Ok(Val::Int(if fshl { x } else { y }));
                }
                if math {
                    return Err(arbitrary("funnel shift (math semantics)"));
                }
                let hi = (ux << left) & ones(bits);
                let lo = uy >> (bits - left);
                Ok(Val::Int(signed_of(hi | lo, bits)))
            }
            IntrOp::Overflow(bop, signed) => {
                if !matches!(bop, BinOp::Add | BinOp::Sub | BinOp::Mul) {
                    return Err(NoValue::Unsupported(format!("overflow of {bop:?}")));
                }
                if math {
                    // whatever the operands (the lowering's constant)
                    return Ok(Val::Bool(false));
                }
                let (x, y) = pair(self.int(&args[0], bits), self.int(&args[1], bits))?;
                // the exact result out of range (beyond 128 bits: certainly)
                let over = if signed {
                    let r = match bop {
                        BinOp::Add => x.checked_add(y),
                        BinOp::Sub => x.checked_sub(y),
                        _ => x.checked_mul(y),
                    };
                    r.is_none_or(|r| r < smin(bits) || r > smax(bits))
                } else {
                    let (ux, uy) = (pattern(x, bits), pattern(y, bits));
                    let r = match bop {
                        BinOp::Add => ux.checked_add(uy),
                        BinOp::Sub => ux.checked_sub(uy),
                        _ => ux.checked_mul(uy),
                    };
                    r.is_none_or(|r| r > ones(bits))
                };
                Ok(Val::Bool(over))
            }
        }
    }
}

/// A binary operation under `bv`: SMT-LIB's bit-vector operations (`nsw` and
/// `nuw` ignored; division by zero and shifts by `>= bits` defined).
fn bin_bv(op: BinOp, bits: u32, x: i128, y: i128) -> i128 {
    let (ux, uy) = (pattern(x, bits), pattern(y, bits));
    let all = ones(bits);
    let over = uy >= bits as u128;
    let r = match op {
        BinOp::Add => ux.wrapping_add(uy),
        BinOp::Sub => ux.wrapping_sub(uy),
        BinOp::Mul => ux.wrapping_mul(uy),
        BinOp::UDiv if uy == 0 => all,
        BinOp::UDiv => ux / uy,
        BinOp::URem if uy == 0 => ux,
        BinOp::URem => ux % uy,
        BinOp::SDiv if y == 0 => pattern(if x < 0 { 1 } else { -1 }, bits),
        BinOp::SDiv => pattern(x.wrapping_div(y), bits),
        BinOp::SRem if y == 0 => ux,
        BinOp::SRem => pattern(x.wrapping_rem(y), bits),
        BinOp::Shl if over => 0,
        BinOp::Shl => ux << uy,
        BinOp::LShr if over => 0,
        BinOp::LShr => ux >> uy,
        BinOp::AShr if over => pattern(if x < 0 { -1 } else { 0 }, bits),
        BinOp::AShr => pattern(x >> uy, bits),
        BinOp::And => ux & uy,
        BinOp::Or => ux | uy,
        BinOp::Xor => ux ^ uy,
    };
    signed_of(r, bits)
}

/// `v & m` as `smt::lower`'s `and_const` encodes it for a literal mask `m`
/// (for `v` in range, the bitwise `and`; under `math`, the same formula on any
/// `v`): `None` where it gives up (a dense mask), `Some(None)` beyond `i128`.
fn and_const(v: i128, m: i128, bits: u32) -> Option<Option<i128>> {
    let all = ones(bits);
    let mu = pattern(m, bits);
    if mu == all {
        return Some(Some(v));
    }
    if mu == 0 {
        return Some(Some(0));
    }
    // low mask 2^k - 1
    if (mu + 1) & mu == 0 {
        return Some(Some(mod_pow2(v, (mu + 1).trailing_zeros())));
    }
    // high mask ~(2^k - 1)
    let inv = !mu & all;
    if (inv + 1) & inv == 0 {
        return Some(Some(v - mod_pow2(v, (inv + 1).trailing_zeros())));
    }
    // bit i of v as 0/1 (the top bit: v < 0), weighted as in two's complement
    let term = |i: u32| -> Option<i128> {
        if i == bits - 1 {
            Some(if v < 0 { smin(bits) } else { 0 })
        } else {
            Some((v >> i) & 1).map(|b| b << i)
        }
    };
    let sum = |on: u128| -> Option<i128> {
        (0..bits).filter(|i| on >> i & 1 == 1).try_fold(0i128, |s, i| s.checked_add(term(i)?))
    };
    const LIMIT: u32 = 8;
    if mu.count_ones() <= LIMIT {
        return Some(sum(mu));
    }
    if inv.count_ones() <= LIMIT {
        return Some(sum(inv).and_then(|s| v.checked_sub(s)));
    }
    None
}
