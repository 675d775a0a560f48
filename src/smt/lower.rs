//! Lowering of program-model expressions and edge bodies to Z3 terms, under one
//! [`IntSemantics`] (DESIGN.md "Integer semantics").
//!
//! `lia` keeps every N-bit value as its signed value in `[-2^(N-1), 2^(N-1))`:
//! `nsw` arithmetic is exact; wrapping `add`/`sub` subtract or add `2^N` once;
//! other wrapping results go through `mod 2^N`; unsigned operations convert to
//! `[0, 2^N)`; `and`/`or`/`xor` with a constant are exact (low/high masks with
//! `mod`, sparse masks bit by bit, `xor x, -1` as `-1 - x`); constant shifts and
//! funnel shifts are exact. What remains (e.g. `and` of two variables) is a fresh
//! in-range value, counted in [`Lowerer::approx`] and listed in
//! [`Lowerer::approx_sites`] (what made a spurious path, `check::path`).
//! `math` is `lia` without ranges and wrap-around. `bv` is bit-precise.
//!
//! Every width up to 128 bits is encoded (`i65` from `__builtin_*_overflow`,
//! `i128` from `__int128`): constants are `i128`, and `2^k` is a term (`2^128`
//! does not fit an `i128`).

use super::IntSemantics;
use crate::error::SrcLoc;
use crate::ir::eval::{ones, signed_of, smax, smin};
use crate::ir::{
    ArithOp, BinOp, CastOp, CmpPred, Expr, FloatFormat, FloatOp, HavocKind, IntrOp, Rel, Sort, Stmt, VarId,
};
use std::collections::{BTreeMap, HashMap};
use z3::ast::{Array, Bool, Dynamic, Int, BV};

/// A nondeterministic input inside an encoded edge: variable, kind, position, value.
pub type NondetValue = (VarId, HavocKind, SrcLoc, Val);

/// A Z3 value of some program sort.
#[derive(Clone, Debug)]
pub enum Val {
    B(Bool),
    I(Int),
    V(BV),
    /// A memory region ([`Sort::Array`]): `Array(Int, Int)` under `lia` and
    /// `math`, `Array(BV, BV)` under `bv`.
    A(Array),
}

impl Val {
    pub fn dynamic(&self) -> Dynamic {
        match self {
            Val::B(b) => Dynamic::from_ast(b),
            Val::I(i) => Dynamic::from_ast(i),
            Val::V(v) => Dynamic::from_ast(v),
            Val::A(a) => Dynamic::from_ast(a),
        }
    }
    /// Its Z3 sort.
    pub fn sort(&self) -> z3::Sort {
        match self {
            Val::B(_) => z3::Sort::bool(),
            Val::I(_) => z3::Sort::int(),
            Val::V(b) => z3::Sort::bitvector(b.get_size()),
            Val::A(a) => z3::ast::Ast::get_sort(a),
        }
    }
    pub fn eq_val(&self, o: &Val) -> Bool {
        match (self, o) {
            (Val::B(a), Val::B(b)) => a.eq(b),
            (Val::I(a), Val::I(b)) => a.eq(b),
            (Val::V(a), Val::V(b)) => a.eq(b),
            (Val::A(a), Val::A(b)) => a.eq(b),
            _ => Bool::from_bool(false),
        }
    }
    // The conversions below are between the sorts of registers; a region is
    // never converted (the program model is well-sorted), and its arm gives
    // the sort's zero rather than a panic. (`Select`/`Store` take a region
    // as it is, or treat the term as ill-formed.)
    fn b(self) -> Bool {
        match self {
            Val::B(b) => b,
            Val::I(i) => i.eq(Int::from_i64(0)).not(),
            Val::V(v) => {
                let z = BV::from_i64(0, v.get_size());
                v.eq(&z).not()
            }
            Val::A(_) => Bool::from_bool(false),
        }
    }
    fn i(self) -> Int {
        match self {
            Val::I(i) => i,
            Val::B(b) => b.ite(&Int::from_i64(1), &Int::from_i64(0)),
            Val::V(v) => v.to_int(true),
            Val::A(_) => int(0),
        }
    }
    fn v(self, bits: u32) -> BV {
        match self {
            Val::V(v) => v,
            Val::B(b) => b.ite(&BV::from_i64(1, bits), &BV::from_i64(0, bits)),
            Val::I(i) => BV::from_int(&i, bits),
            Val::A(_) => BV::from_i64(0, bits),
        }
    }
    /// `lo <= self <= hi` (signed), for an integer of `sort` wide enough that the
    /// bound cuts its range (16 bits or more); `None` otherwise.
    pub fn within(&self, sort: Sort, lo: i128, hi: i128) -> Option<Bool> {
        let Sort::Int { bits } = sort else { return None };
        if bits < 16 {
            return None;
        }
        let (lo, hi) = (lo.max(smin(bits)), hi.min(smax(bits)));
        match self {
            Val::I(i) => Some(Bool::and(&[i.ge(int(lo)), i.le(int(hi))])),
            Val::V(v) => {
                let (l, h) = (bv_const(lo, bits), bv_const(hi, bits));
                Some(Bool::and(&[v.bvsge(&l), v.bvsle(&h)]))
            }
            Val::B(_) | Val::A(_) => None,
        }
    }
    /// The value in a model, as the signed integer of its bit pattern.
    pub fn eval_i128(&self, m: &z3::Model) -> Option<i128> {
        match self {
            Val::B(b) => m.eval(b, true)?.as_bool().map(i128::from),
            Val::I(i) => m.eval(i, true)?.as_i128(),
            Val::V(v) => {
                let u = m.eval(&v.to_int(false), true)?.as_u128()?;
                Some(signed_of(u, v.get_size()))
            }
            Val::A(_) => None,
        }
    }
}

/// The SMT sorts of a region's offsets and cells.
fn array_sorts(index: u32, elem: u32, sem: IntSemantics) -> (z3::Sort, z3::Sort) {
    match sem {
        IntSemantics::Bv => (z3::Sort::bitvector(index), z3::Sort::bitvector(elem)),
        _ => (z3::Sort::int(), z3::Sort::int()),
    }
}

/// `2^k` (`k <= 128`: beyond `i128`, so as a term).
fn p2(k: u32) -> Int {
    match k {
        0..=126 => int(1i128 << k),
        127 => Int::from_u128(1u128 << 127),
        _ => "340282366920938463463374607431768211456".parse().expect("2^128 as a numeral"),
    }
}
/// A `bits`-bit vector constant of the signed value `v` (any width).
pub fn bv_const(v: i128, bits: u32) -> BV {
    match i64::try_from(v) {
        Ok(small) if bits <= 64 => BV::from_i64(small, bits),
        _ => BV::from_str(bits, &(v as u128 & ones(bits)).to_string()).expect("a decimal numeral"),
    }
}
fn int(v: i128) -> Int {
    Int::from_i128(v)
}

/// The result of encoding an edge body from a pre-state.
pub struct BodyEnc {
    /// Assumptions and side constraints of the body.
    pub cond: Bool,
    /// Variable values after the body.
    pub post: HashMap<VarId, Val>,
    /// Nondeterministic inputs, in execution order.
    pub inputs: Vec<NondetValue>,
    /// Every fresh constant the body introduced (inputs, over-approximated
    /// results, division witnesses): a CHC rule quantifies them.
    pub fresh: Vec<Dynamic>,
    /// The summary calls of the body (`ir::procedures`), in execution order.
    pub summaries: Vec<SummaryCall>,
}

/// A call of a procedure in a body: its arguments' values, its result (a
/// fresh constant), and the body's constraints before it (the state the
/// call is made in).
#[derive(Clone, Debug)]
pub struct SummaryCall {
    pub function: String,
    pub args: Vec<Val>,
    pub result: Val,
    pub before: Vec<Bool>,
}

/// Lowers expressions under one integer semantics.
pub struct Lowerer {
    pub sem: IntSemantics,
    side: Vec<Bool>,
    /// Over-approximated operations, by kind (a fresh value replaced them).
    pub approx: BTreeMap<String, usize>,
    /// The over-approximated operations themselves, each once, in the order
    /// they were first lowered (counted on a spurious path).
    pub approx_sites: Vec<Expr>,
    /// Over-approximations made so far: its change around one operation
    /// says whether that operation was approximated (no map walk per operation).
    approximated: usize,
    /// Range facts of loaded cells pushed to `side` so far: facts about every
    /// real state, not definitions, so [`Lowerer::exact`] may drop them.
    cell_ranges: usize,
    /// Lowering for [`Lowerer::exact`]: a quantifier's body drops the range
    /// facts of its cells as the top level does.
    exact_mode: bool,
    counter: usize,
    fresh_log: Vec<Dynamic>,
    /// The constants standing for the variables of the enclosing
    /// quantifiers, innermost last (de Bruijn index 0 is the last one).
    bound: Vec<Val>,
}

impl Lowerer {
    pub fn new(sem: IntSemantics) -> Lowerer {
        Lowerer {
            sem,
            side: Vec::new(),
            approx: BTreeMap::new(),
            approx_sites: Vec::new(),
            approximated: 0,
            cell_ranges: 0,
            exact_mode: false,
            counter: 0,
            fresh_log: Vec::new(),
            bound: Vec::new(),
        }
    }

    /// A named constant of the given sort.
    pub fn constant(&self, name: &str, sort: Sort) -> Val {
        match (sort, self.sem) {
            (Sort::Bool, _) => Val::B(Bool::new_const(name)),
            (Sort::Int { bits }, IntSemantics::Bv) => Val::V(BV::new_const(name, bits)),
            (Sort::Int { .. } | Sort::Num, _) => Val::I(Int::new_const(name)),
            (Sort::Array { index, elem }, sem) => {
                let (d, r) = array_sorts(index, elem, sem);
                Val::A(Array::new_const(name, &d, &r))
            }
        }
    }

    /// The range constraint of a value of the given sort (`lia` only).
    pub fn range(&self, v: &Val, sort: Sort) -> Option<Bool> {
        match (v, sort, self.sem) {
            (Val::I(i), Sort::Int { bits }, IntSemantics::Lia) => {
                Some(Bool::and(&[i.ge(int(smin(bits))), i.le(int(smax(bits)))]))
            }
            _ => None,
        }
    }

    /// A fresh value of the given sort and its range constraint (`lia`).
    pub fn fresh_value(&mut self, prefix: &str, sort: Sort) -> (Val, Option<Bool>) {
        self.counter += 1;
        let v = self.constant(&format!("{prefix}!{}", self.counter), sort);
        let range = self.range(&v, sort);
        (v, range)
    }

    /// A fresh value inside a body: logged, its range a side constraint of
    /// the body ([`Lowerer::body`] returns both).
    fn fresh(&mut self, prefix: &str, sort: Sort) -> Val {
        self.counter += 1;
        let v = self.constant(&format!("{prefix}!{}", self.counter), sort);
        self.fresh_log.push(v.dynamic());
        if let Some(r) = self.range(&v, sort) {
            self.side.push(r);
        }
        v
    }

    fn approximate(&mut self, what: &str, bits: u32) -> Val {
        self.approximate_as(what, Sort::Int { bits })
    }

    /// A fresh value of `sort` for an operation of kind `what`, counted.
    fn approximate_as(&mut self, what: &str, sort: Sort) -> Val {
        *self.approx.entry(what.to_string()).or_default() += 1;
        self.approximated += 1;
        self.fresh("approx", sort)
    }

    fn lia(&self) -> bool {
        self.sem == IntSemantics::Lia
    }

    /// Signed value -> unsigned value in `[0, 2^N)`.
    fn unsigned(&self, a: &Int, bits: u32) -> Int {
        if !self.lia() {
            return a.clone();
        }
        if let Some(c) = a.as_i128() {
            return Int::from_u128(c as u128 & ones(bits));
        }
        a.lt(int(0)).ite(&(a + p2(bits)), a)
    }

    /// Unsigned value in `[0, 2^N)` -> signed value.
    fn signed(&self, u: &Int, bits: u32) -> Int {
        if !self.lia() {
            return u.clone();
        }
        u.gt(int(smax(bits))).ite(&(u - p2(bits)), u)
    }

    /// Wraps a value within one modulus of the range (sums, differences).
    fn wrap_small(&self, e: Int, bits: u32) -> Int {
        if !self.lia() {
            return e;
        }
        let lo = e.lt(int(smin(bits))).ite(&(&e + p2(bits)), &e);
        e.gt(int(smax(bits))).ite(&(&e - p2(bits)), &lo)
    }

    /// `a div k` (floor) for a numeral `k > 0` (a term: `2^128` is one),
    /// purified for the solvers: a fresh `q` with `k·q ≤ a < k·q + k` (Spacer
    /// gives up on `div`/`mod` terms).
    fn div_c(&mut self, a: &Int, k: &Int) -> Int {
        match (a.as_i128(), k.as_i128()) {
            (Some(c), Some(k)) => return int(c.div_euclid(k)),
            (_, Some(1)) => return a.clone(),
            _ => {}
        }
        self.counter += 1;
        let q = Int::new_const(format!("q!{}", self.counter));
        self.fresh_log.push(Dynamic::from_ast(&q));
        let kq = &q * k;
        self.side.push(kq.le(a));
        self.side.push(a.lt(&kq + k));
        q
    }

    /// `a mod k` for a numeral `k > 0` (see [`Lowerer::div_c`]).
    fn mod_c(&mut self, a: &Int, k: &Int) -> Int {
        if let (Some(c), Some(k)) = (a.as_i128(), k.as_i128()) {
            return int(c.rem_euclid(k));
        }
        a - self.div_c(a, k) * k
    }

    /// Wraps any value into the signed range of `bits` bits.
    fn wrap(&mut self, e: Int, bits: u32) -> Int {
        if !self.lia() {
            return e;
        }
        let min = int(smin(bits));
        self.mod_c(&(&e - &min), &p2(bits)) + min
    }

    /// Bit `i` of a signed `bits`-bit value, as 0/1.
    fn bit(&mut self, a: &Int, i: u32, bits: u32) -> Int {
        if i == bits - 1 {
            a.lt(int(0)).ite(&int(1), &int(0))
        } else {
            let d = self.div_c(a, &p2(i));
            self.mod_c(&d, &int(2))
        }
    }

    /// `a & m` for a constant mask `m`, exactly where cheap, else `None`.
    fn and_const(&mut self, a: &Int, m: i128, bits: u32) -> Option<Int> {
        let mask_all = ones(bits);
        let mu = m as u128 & mask_all; // unsigned pattern
        if mu == mask_all {
            return Some(a.clone());
        }
        if mu == 0 {
            return Some(int(0));
        }
        // low mask 2^k - 1
        if (mu + 1) & mu == 0 {
            let k = (mu + 1).trailing_zeros();
            return Some(self.mod_c(a, &p2(k)));
        }
        // high mask ~(2^k - 1)
        let inv = !mu & mask_all;
        if (inv + 1) & inv == 0 {
            let k = (inv + 1).trailing_zeros();
            return Some(a - self.mod_c(a, &p2(k)));
        }
        let weight = |i: u32| if i == bits - 1 { p2(i).unary_minus() } else { p2(i) };
        let set: Vec<u32> = (0..bits).filter(|i| mu >> i & 1 == 1).collect();
        let clear: Vec<u32> = (0..bits).filter(|i| mu >> i & 1 == 0).collect();
        const LIMIT: usize = 8;
        if set.len() <= LIMIT {
            let terms: Vec<Int> = set.iter().map(|&i| self.bit(a, i, bits) * weight(i)).collect();
            return Some(Int::add(&terms));
        }
        if clear.len() <= LIMIT {
            let terms: Vec<Int> = clear.iter().map(|&i| self.bit(a, i, bits) * weight(i)).collect();
            return Some(a - Int::add(&terms));
        }
        None
    }

    /// Truncating signed division (C semantics).
    fn tdiv(&mut self, a: &Int, b: &Int) -> Int {
        if let Some(k) = b.as_i128().filter(|k| *k != 0) {
            let abs = Int::from_u128(k.unsigned_abs());
            let pos = self.div_c(a, &abs);
            let neg = self.div_c(&a.unary_minus(), &abs).unary_minus();
            let q = a.ge(int(0)).ite(&pos, &neg);
            return if k < 0 { q.unary_minus() } else { q };
        }
        let abs = |x: &Int| x.lt(int(0)).ite(&x.unary_minus(), x);
        let q = abs(a).div(abs(b));
        a.lt(int(0)).xor(b.lt(int(0))).ite(&q.unary_minus(), &q)
    }

    fn bin_int(&mut self, op: BinOp, bits: u32, nsw: bool, a: Int, b: Int) -> Val {
        let lia = self.lia();
        let r = match op {
            BinOp::Add => {
                let s = &a + &b;
                if nsw {
                    s
                } else {
                    self.wrap_small(s, bits)
                }
            }
            BinOp::Sub => {
                let s = &a - &b;
                if nsw {
                    s
                } else {
                    self.wrap_small(s, bits)
                }
            }
            BinOp::Mul => {
                let p = &a * &b;
                if nsw {
                    p
                } else {
                    self.wrap(p, bits)
                }
            }
            BinOp::SDiv => {
                let q = self.tdiv(&a, &b);
                self.wrap_small(q, bits)
            }
            BinOp::SRem => &a - &b * self.tdiv(&a, &b),
            BinOp::UDiv => {
                let (ua, ub) = (self.unsigned(&a, bits), self.unsigned(&b, bits));
                let q = match ub.as_i128().filter(|k| *k > 0) {
                    Some(k) => self.div_c(&ua, &int(k)),
                    None => ua.div(&ub),
                };
                self.signed(&q, bits)
            }
            BinOp::URem => {
                let (ua, ub) = (self.unsigned(&a, bits), self.unsigned(&b, bits));
                let r = match ub.as_i128().filter(|k| *k > 0) {
                    Some(k) => self.mod_c(&ua, &int(k)),
                    None => ua.modulo(&ub),
                };
                self.signed(&r, bits)
            }
            BinOp::Shl => match b.as_i128() {
                Some(c) if (0..bits as i128).contains(&c) => {
                    let p = &a * p2(c as u32);
                    if nsw || !lia {
                        p
                    } else {
                        self.wrap(p, bits)
                    }
                }
                _ => return self.approximate("shift by a variable amount", bits),
            },
            BinOp::LShr => match b.as_i128() {
                Some(0) => a,
                Some(c) if (1..bits as i128).contains(&c) => {
                    let ua = self.unsigned(&a, bits);
                    self.div_c(&ua, &p2(c as u32))
                }
                _ => return self.approximate("shift by a variable amount", bits),
            },
            BinOp::AShr => match b.as_i128() {
                Some(c) if (0..bits as i128).contains(&c) => self.div_c(&a, &p2(c as u32)),
                _ => return self.approximate("shift by a variable amount", bits),
            },
            BinOp::And | BinOp::Or | BinOp::Xor => {
                let (x, m) = match (a.as_i128(), b.as_i128()) {
                    (_, Some(m)) => (a.clone(), m),
                    (Some(m), None) => (b.clone(), m),
                    (None, None) => return self.approximate("bit operation on two variables", bits),
                };
                let res = match op {
                    BinOp::Xor if m as u128 & ones(bits) == ones(bits) => Some(int(-1) - &x),
                    BinOp::And => self.and_const(&x, m, bits),
                    BinOp::Or => self.and_const(&x, m, bits).map(|n| &x + int(m) - n),
                    _ => self.and_const(&x, m, bits).map(|n| &x + int(m) - n * int(2)),
                };
                match res {
                    Some(r) => r,
                    None => return self.approximate("bit operation with a dense mask", bits),
                }
            }
        };
        Val::I(r)
    }

    fn bin_bv(op: BinOp, a: BV, b: BV) -> BV {
        match op {
            BinOp::Add => a.bvadd(&b),
            BinOp::Sub => a.bvsub(&b),
            BinOp::Mul => a.bvmul(&b),
            BinOp::SDiv => a.bvsdiv(&b),
            BinOp::UDiv => a.bvudiv(&b),
            BinOp::SRem => a.bvsrem(&b),
            BinOp::URem => a.bvurem(&b),
            BinOp::Shl => a.bvshl(&b),
            BinOp::LShr => a.bvlshr(&b),
            BinOp::AShr => a.bvashr(&b),
            BinOp::And => a.bvand(&b),
            BinOp::Or => a.bvor(&b),
            BinOp::Xor => a.bvxor(&b),
        }
    }

    fn cmp(&self, pred: CmpPred, bits: u32, a: Val, b: Val) -> Bool {
        match (a, b) {
            (Val::V(a), Val::V(b)) => match pred {
                CmpPred::Eq => a.eq(&b),
                CmpPred::Ne => a.eq(&b).not(),
                CmpPred::Slt => a.bvslt(&b),
                CmpPred::Sle => a.bvsle(&b),
                CmpPred::Sgt => a.bvsgt(&b),
                CmpPred::Sge => a.bvsge(&b),
                CmpPred::Ult => a.bvult(&b),
                CmpPred::Ule => a.bvule(&b),
                CmpPred::Ugt => a.bvugt(&b),
                CmpPred::Uge => a.bvuge(&b),
            },
            (a, b) => {
                let (a, b) = (a.i(), b.i());
                let (ua, ub) = (self.unsigned(&a, bits), self.unsigned(&b, bits));
                match pred {
                    CmpPred::Eq => a.eq(&b),
                    CmpPred::Ne => a.eq(&b).not(),
                    CmpPred::Slt => a.lt(&b),
                    CmpPred::Sle => a.le(&b),
                    CmpPred::Sgt => a.gt(&b),
                    CmpPred::Sge => a.ge(&b),
                    CmpPred::Ult => ua.lt(&ub),
                    CmpPred::Ule => ua.le(&ub),
                    CmpPred::Ugt => ua.gt(&ub),
                    CmpPred::Uge => ua.ge(&ub),
                }
            }
        }
    }

    /// Lowers an expression; `env` gives the value of every variable.
    fn expr(&mut self, e: &Expr, env: &HashMap<VarId, Val>) -> Val {
        match e {
            Expr::Bool(b) => Val::B(Bool::from_bool(*b)),
            Expr::Int { value, bits } => match self.sem {
                IntSemantics::Bv => Val::V(bv_const(*value, *bits)),
                _ => Val::I(int(*value)),
            },
            Expr::Var(v, sort) => match env.get(v) {
                Some(x) => x.clone(),
                None => self.fresh("undef", *sort),
            },
            Expr::Not(a) => Val::B(self.expr(a, env).b().not()),
            Expr::And(xs) => {
                let v: Vec<Bool> = xs.iter().map(|x| self.expr(x, env).b()).collect();
                Val::B(Bool::and(&v))
            }
            Expr::Or(xs) => {
                let v: Vec<Bool> = xs.iter().map(|x| self.expr(x, env).b()).collect();
                Val::B(Bool::or(&v))
            }
            Expr::Xor(a, b) => {
                let a = self.expr(a, env).b();
                let b = self.expr(b, env).b();
                Val::B(a.xor(&b))
            }
            Expr::Ite(c, a, b) => {
                let c = self.expr(c, env).b();
                match (self.expr(a, env), self.expr(b, env)) {
                    (Val::B(x), Val::B(y)) => Val::B(c.ite(&x, &y)),
                    (Val::V(x), Val::V(y)) => Val::V(c.ite(&x, &y)),
                    (Val::A(x), Val::A(y)) => Val::A(c.ite(&x, &y)),
                    (x, y) => Val::I(c.ite(&x.i(), &y.i())),
                }
            }
            Expr::Cmp { pred, bits, a, b } => {
                let a = self.expr(a, env);
                let b = self.expr(b, env);
                Val::B(self.cmp(*pred, *bits, a, b))
            }
            Expr::Bin { op, bits, nsw, a, b, .. } => {
                let a = self.expr(a, env);
                let b = self.expr(b, env);
                match self.sem {
                    IntSemantics::Bv => Val::V(Self::bin_bv(*op, a.v(*bits), b.v(*bits))),
                    _ => {
                        let before = self.approximated;
                        let r = self.bin_int(*op, *bits, *nsw, a.i(), b.i());
                        if self.approximated > before && !self.approx_sites.contains(e) {
                            self.approx_sites.push(e.clone());
                        }
                        r
                    }
                }
            }
            Expr::Cast { op, from, to, a } => {
                let a = self.expr(a, env);
                self.cast(*op, *from, *to, a)
            }
            Expr::Intr { op, bits, args } => {
                let vals: Vec<Val> = args.iter().map(|x| self.expr(x, env)).collect();
                self.intrinsic(*op, *bits, vals)
            }
            Expr::Num(n) => Val::I(int(*n)),
            Expr::Value { signed, bits, a } => Val::I(match self.expr(a, env) {
                Val::V(v) => v.to_int(*signed),
                x if *signed => x.i(),
                x => self.unsigned(&x.i(), *bits),
            }),
            Expr::Arith { op, args } => {
                let xs: Vec<Int> = args.iter().map(|x| self.expr(x, env).i()).collect();
                Val::I(match (op, xs.as_slice()) {
                    (ArithOp::Add, _) => Int::add(&xs),
                    (ArithOp::Mul, _) => Int::mul(&xs),
                    (ArithOp::Sub, [a]) | (ArithOp::Neg, [a]) => a.unary_minus(),
                    (ArithOp::Sub, _) => Int::sub(&xs),
                    (ArithOp::Div, [a, b]) => a.div(b),
                    (ArithOp::Mod, [a, b]) => a.modulo(b),
                    _ => return self.fresh("ill-formed", Sort::Num),
                })
            }
            Expr::Rel { rel, a, b } => {
                let (a, b) = (self.expr(a, env).i(), self.expr(b, env).i());
                Val::B(match rel {
                    Rel::Eq => a.eq(&b),
                    Rel::Le => a.le(&b),
                    Rel::Lt => a.lt(&b),
                    Rel::Ge => a.ge(&b),
                    Rel::Gt => a.gt(&b),
                })
            }
            Expr::Select { array, index } => {
                let (Sort::Array { index: ib, elem }, Val::A(r)) = (array.sort(), self.expr(array, env)) else {
                    return self.fresh("ill-formed", e.sort());
                };
                let cell = match self.cell_index(index, ib, env) {
                    Val::V(i) => r.select(&i),
                    i => r.select(&i.i()),
                };
                let v = if self.sem == IntSemantics::Bv {
                    Val::V(cell.as_bv().unwrap_or_else(|| BV::from_i64(0, elem)))
                } else {
                    Val::I(cell.as_int().unwrap_or_else(|| int(0)))
                };
                // every cell holds a value of its width (`lia`)
                if let Some(range) = self.range(&v, Sort::Int { bits: elem }) {
                    self.side.push(range);
                    self.cell_ranges += 1;
                }
                v
            }
            Expr::Store { array, index, value } => {
                let (Sort::Array { index: ib, elem }, Val::A(r)) = (array.sort(), self.expr(array, env)) else {
                    return self.fresh("ill-formed", e.sort());
                };
                let i = self.cell_index(index, ib, env);
                Val::A(match (i, self.expr(value, env)) {
                    (Val::V(i), v) => r.store(&i, &v.v(elem)),
                    (i, v) => r.store(&i.i(), &v.i()),
                })
            }
            Expr::Bound { index, sort } => {
                match self.bound.len().checked_sub(1 + *index as usize).and_then(|k| self.bound.get(k)) {
                    Some(v) => v.clone(),
                    None => self.fresh("ill-formed", *sort),
                }
            }
            Expr::Forall { sorts, body } => {
                let consts: Vec<Val> = sorts
                    .iter()
                    .map(|s| {
                        self.counter += 1;
                        self.constant(&format!("k!{}", self.counter), *s)
                    })
                    .collect();
                let (side, ranges) = (self.side.len(), self.cell_ranges);
                self.bound.extend(consts.iter().cloned());
                let b = self.expr(body, env).b();
                self.bound.truncate(self.bound.len() - consts.len());
                // facts about the body's cells hold under the quantifier only
                // (a fresh value inside stays logged: not exact); an exact
                // formula drops cell ranges under the quantifier as at the top
                // (Spacer's solutions, over cells or arrays, claim the body
                // of every cell, in range or not)
                let facts = self.side.split_off(side);
                let only_ranges = facts.len() == self.cell_ranges - ranges;
                self.cell_ranges = ranges;
                let b = if facts.is_empty() || (self.exact_mode && only_ranges) {
                    b
                } else {
                    Bool::and(&facts).implies(&b)
                };
                let bounds: Vec<Dynamic> = consts.iter().map(Val::dynamic).collect();
                Val::B(super::terms::forall(&bounds, &b))
            }
        }
    }

    /// The offset of a region's cell: a bit-vector of the region's offset
    /// width under `bv`, an integer otherwise.
    fn cell_index(&mut self, index: &Expr, bits: u32, env: &HashMap<VarId, Val>) -> Val {
        match self.expr(index, env) {
            Val::V(v) if v.get_size() == bits => Val::V(v),
            Val::V(v) => Val::V(v.zero_ext(bits.saturating_sub(v.get_size()))),
            other if self.sem == IntSemantics::Bv => Val::V(other.v(bits)),
            other => Val::I(other.i()),
        }
    }

    fn cast(&mut self, op: CastOp, from: u32, to: u32, a: Val) -> Val {
        let bv = self.sem == IntSemantics::Bv;
        match (op, from, to) {
            (CastOp::Zext, 1, _) => {
                let b = a.b();
                if bv {
                    Val::V(b.ite(&BV::from_i64(1, to), &BV::from_i64(0, to)))
                } else {
                    Val::I(b.ite(&int(1), &int(0)))
                }
            }
            (CastOp::Sext, 1, _) => {
                let b = a.b();
                if bv {
                    Val::V(b.ite(&BV::from_i64(-1, to), &BV::from_i64(0, to)))
                } else {
                    Val::I(b.ite(&int(-1), &int(0)))
                }
            }
            (CastOp::Trunc, _, 1) => match a {
                Val::V(v) => Val::B(v.extract(0, 0).eq(BV::from_i64(1, 1))),
                a => Val::B(self.mod_c(&a.i(), &int(2)).eq(int(1))),
            },
            (CastOp::Zext, _, _) => match a {
                Val::V(v) => Val::V(v.zero_ext(to - from)),
                a => Val::I(self.unsigned(&a.i(), from)),
            },
            (CastOp::Sext, _, _) => match a {
                Val::V(v) => Val::V(v.sign_ext(to - from)),
                a => Val::I(a.i()),
            },
            (CastOp::Trunc, _, _) => match a {
                Val::V(v) => Val::V(v.extract(to - 1, 0)),
                a => Val::I(self.wrap(a.i(), to)),
            },
        }
    }

    fn intrinsic(&mut self, op: IntrOp, bits: u32, args: Vec<Val>) -> Val {
        let bv = self.sem == IntSemantics::Bv;
        let mut it = args.into_iter();
        let a = it.next().unwrap_or(Val::B(Bool::from_bool(false)));
        let b = it.next().unwrap_or_else(|| a.clone());
        let c = it.next();
        match op {
            IntrOp::SMax | IntrOp::SMin | IntrOp::UMax | IntrOp::UMin => {
                let pred = op.selecting_pred().unwrap_or(CmpPred::Sgt);
                let pick_a = self.cmp(pred, bits, a.clone(), b.clone());
                match (a, b) {
                    (Val::V(x), Val::V(y)) => Val::V(pick_a.ite(&x, &y)),
                    (x, y) => Val::I(pick_a.ite(&x.i(), &y.i())),
                }
            }
            IntrOp::Abs => match a {
                Val::V(x) => {
                    let neg = x.bvneg();
                    Val::V(x.bvslt(BV::from_i64(0, bits)).ite(&neg, &x))
                }
                x => {
                    let x = x.i();
                    let neg = self.wrap_small(x.unary_minus(), bits);
                    Val::I(x.lt(int(0)).ite(&neg, &x))
                }
            },
            IntrOp::Fshl | IntrOp::Fshr => {
                let s = c.unwrap_or(Val::I(int(0)));
                if bv {
                    let (a, b, s) = (a.v(bits), b.v(bits), s.v(bits));
                    let n = BV::from_i64(bits as i64, bits);
                    let sm = s.bvurem(&n);
                    let r = if op == IntrOp::Fshl {
                        a.bvshl(&sm).bvor(b.bvlshr(n.bvsub(&sm)))
                    } else {
                        a.bvshl(n.bvsub(&sm)).bvor(b.bvlshr(&sm))
                    };
                    return Val::V(r);
                }
                let Some(sc) = s.i().as_i128() else {
                    return self.approximate("funnel shift by a variable amount", bits);
                };
                let k = (sc.rem_euclid(bits as i128)) as u32;
                let (ua, ub) = (self.unsigned(&a.clone().i(), bits), self.unsigned(&b.clone().i(), bits));
                let left = if op == IntrOp::Fshl { k } else { (bits - k) % bits };
                if left == 0 {
                    return Val::I(if op == IntrOp::Fshl { a.i() } else { b.i() });
                }
                if !self.lia() {
                    return self.approximate("funnel shift (math semantics)", bits);
                }
                let hi = self.mod_c(&(ua * p2(left)), &p2(bits));
                let lo = self.div_c(&ub, &p2(bits - left));
                Val::I(self.signed(&(hi + lo), bits))
            }
            IntrOp::Overflow(bop, signed) => {
                if bv {
                    let (x, y) = (a.v(bits), b.v(bits));
                    let ext = |v: &BV, n: u32| if signed { v.sign_ext(n) } else { v.zero_ext(n) };
                    let w = if bop == BinOp::Mul { bits } else { 1 };
                    let (xe, ye) = (ext(&x, w), ext(&y, w));
                    let r = Self::bin_bv(bop, xe, ye);
                    let back = ext(&r.extract(bits - 1, 0), w);
                    return Val::B(r.eq(&back).not());
                }
                let (x, y) = (a.i(), b.i());
                let (x, y) = if signed { (x, y) } else { (self.unsigned(&x, bits), self.unsigned(&y, bits)) };
                let r = match bop {
                    BinOp::Add => &x + &y,
                    BinOp::Sub => &x - &y,
                    _ => &x * &y,
                };
                let (lo, hi) =
                    if signed { (int(smin(bits)), int(smax(bits))) } else { (int(0), Int::from_u128(ones(bits))) };
                if !self.lia() {
                    return Val::B(Bool::from_bool(false));
                }
                Val::B(Bool::or(&[r.lt(&lo), r.gt(&hi)]))
            }
        }
    }

    /// The result of a floating-point operation assigned to `v`: under `bv`
    /// a fresh value tied to the exact result ([`super::float::tie`]), else
    /// (or for a format not encoded) a fresh value, an over-approximation.
    fn float(
        &mut self,
        v: VarId,
        op: FloatOp,
        format: FloatFormat,
        args: &[Expr],
        sort: Sort,
        env: &HashMap<VarId, Val>,
    ) -> Val {
        let vals: Vec<Val> = args.iter().map(|a| self.expr(a, env)).collect();
        let bits = sort.width();
        if self.sem == IntSemantics::Bv && bits > 1 {
            let operands: Vec<BV> = vals.into_iter().zip(args).map(|(x, a)| x.v(a.sort().width())).collect();
            self.counter += 1;
            let r = self.constant(&format!("fp!{}", self.counter), sort);
            if let Some(tie) = super::float::tie(op, format, &operands, &r.clone().v(bits), bits) {
                self.fresh_log.push(r.dynamic());
                self.side.push(tie);
                return r;
            }
        }
        let site = Expr::Var(v, sort);
        if !self.approx_sites.contains(&site) {
            self.approx_sites.push(site);
        }
        self.approximate_as("floating point", sort)
    }

    /// Encodes a straight-line body from the pre-state `pre`.
    pub fn body(&mut self, body: &[Stmt], pre: &HashMap<VarId, Val>, sorts: &dyn Fn(VarId) -> Sort) -> BodyEnc {
        let start = self.side.len();
        let fresh_start = self.fresh_log.len();
        let mut env = pre.clone();
        let mut conds = Vec::new();
        let mut inputs = Vec::new();
        let mut summaries = Vec::new();
        for st in body {
            match st {
                Stmt::Assign(v, e) => {
                    let x = self.expr(e, &env);
                    env.insert(*v, x);
                }
                Stmt::Assume(e) => conds.push(self.expr(e, &env).b()),
                Stmt::Havoc(v, HavocKind::Summary { function, args }, _) => {
                    let args: Vec<Val> = args.iter().map(|a| self.expr(a, &env)).collect();
                    let mut before = conds.clone();
                    before.extend(self.side[start..].iter().cloned());
                    let result = self.fresh("ret", sorts(*v));
                    summaries.push(SummaryCall { function: function.clone(), args, result: result.clone(), before });
                    env.insert(*v, result);
                }
                Stmt::Havoc(v, HavocKind::Float { op, format, args }, _) => {
                    let x = self.float(*v, *op, *format, args, sorts(*v), &env);
                    env.insert(*v, x);
                }
                Stmt::Havoc(v, kind, loc) => {
                    let x = self.fresh("in", sorts(*v));
                    if matches!(kind, HavocKind::Nondet { .. }) {
                        inputs.push((*v, kind.clone(), loc.clone(), x.clone()));
                    }
                    env.insert(*v, x);
                }
                Stmt::Parallel(xs) => {
                    let vals: Vec<(VarId, Val)> = xs.iter().map(|(v, e)| (*v, self.expr(e, &env))).collect();
                    env.extend(vals);
                }
            }
        }
        conds.extend(self.side.drain(start..));
        let fresh = self.fresh_log.drain(fresh_start..).collect();
        BodyEnc { cond: Bool::and(&conds), post: env, inputs, fresh, summaries }
    }

    /// The value of one expression and the side constraints its lowering
    /// needs (ranges of fresh values, division witnesses).
    pub fn expr_with_side(&mut self, e: &Expr, env: &HashMap<VarId, Val>) -> (Val, Vec<Bool>) {
        let (start, fresh_start) = (self.side.len(), self.fresh_log.len());
        let v = self.expr(e, env);
        self.fresh_log.truncate(fresh_start);
        (v, self.side.drain(start..).collect())
    }

    /// The value of an expression this semantics encodes exactly, with no
    /// fresh constant and no side constraint (a certificate's invariant);
    /// `Err` names what it would have had to over-approximate.
    pub fn exact(&mut self, e: &Expr, env: &HashMap<VarId, Val>) -> Result<Val, String> {
        let (side, fresh, approx) = (self.side.len(), self.fresh_log.len(), self.approx.clone());
        let ranges = self.cell_ranges;
        let outer = std::mem::replace(&mut self.exact_mode, true);
        let v = self.expr(e, env);
        self.exact_mode = outer;
        // (a loaded cell's range holds in every state: dropping it only weakens)
        let exact = self.side.len() - side == self.cell_ranges - ranges && self.fresh_log.len() == fresh;
        self.side.truncate(side);
        self.fresh_log.truncate(fresh);
        if exact {
            return Ok(v);
        }
        let new = self.approx.iter().find(|(k, n)| approx.get(*k) != Some(n)).map(|(k, _)| k.clone());
        self.approx = approx;
        Err(match new {
            Some(what) => format!("it needs an over-approximation ({what})"),
            None => "it needs fresh constants (an undefined variable or a division)".into(),
        })
    }
}

/// Counts, per kind, the operations `sem` over-approximates in a program
/// (each static occurrence once).
pub fn static_approximations(p: &crate::ir::Program, sem: IntSemantics) -> BTreeMap<String, usize> {
    let mut l = Lowerer::new(sem);
    let sorts = |v: VarId| p.var(v).sort;
    for e in &p.edges {
        let pre: HashMap<VarId, Val> =
            p.loc(e.src).live.iter().map(|v| (*v, l.constant(&p.var(*v).name, p.var(*v).sort))).collect();
        let _ = l.body(&e.body, &pre, &sorts);
    }
    l.approx.retain(|_, n| *n > 0);
    l.approx
}

/// The lowering as an oracle on concrete values, for the tests of `ir::eval`
/// and of this module: with every variable of an expression fixed to a value,
/// is the lowered term forced to a given value, or out of its type's range?
#[cfg(test)]
pub(crate) mod oracle {
    use super::*;
    use crate::ir::eval;
    use z3::{SatResult, Solver};

    /// A variable fixed to a value: its id, sort and value.
    pub(crate) type Fixed = (VarId, Sort, eval::Val);

    /// `v = c`, or `None` if their sorts differ.
    fn equals(v: &Val, c: eval::Val) -> Option<Bool> {
        match (v, c) {
            (Val::B(b), eval::Val::Bool(c)) => Some(b.eq(Bool::from_bool(c))),
            (Val::I(i), eval::Val::Int(c)) => Some(i.eq(int(c))),
            (Val::V(v), eval::Val::Int(c)) => Some(v.eq(bv_const(c, v.get_size()))),
            _ => None,
        }
    }

    /// A solver with the variables fixed and the side constraints of `e`'s
    /// lowering asserted, and the lowered term.
    fn lowered(sem: IntSemantics, e: &Expr, vars: &[Fixed]) -> Result<(Solver, Val), String> {
        let mut l = Lowerer::new(sem);
        let s = Solver::new();
        let mut env = HashMap::new();
        for &(v, sort, x) in vars {
            let c = l.constant(&format!("v{}", v.0), sort);
            s.assert(equals(&c, x).ok_or(format!("v{} = {x:?} is not a {sort:?}", v.0))?);
            env.insert(v, c);
        }
        let (r, sides) = l.expr_with_side(e, &env);
        sides.iter().for_each(|c| s.assert(c));
        Ok((s, r))
    }

    /// `Ok` if the lowering of `e`, the variables fixed, admits the execution
    /// (its side constraints are satisfiable) and forces the term to
    /// `expected` (`term != expected` is unsatisfiable); `Err` says how not.
    pub(crate) fn forces(sem: IntSemantics, e: &Expr, vars: &[Fixed], expected: eval::Val) -> Result<(), String> {
        let (s, r) = lowered(sem, e, vars)?;
        match s.check() {
            SatResult::Sat => {}
            other => return Err(format!("its side constraints are {other:?}")),
        }
        let eq = equals(&r, expected).ok_or(format!("the term {r:?} is not of the sort of {expected:?}"))?;
        s.assert(eq.not());
        match s.check() {
            SatResult::Unsat => Ok(()),
            SatResult::Sat => Err(format!("the term can be {:?}", s.get_model().and_then(|m| r.eval_i128(&m)))),
            SatResult::Unknown => Err("Z3 answered unknown".into()),
        }
    }

    /// `Ok` if the lowering of `e`, the variables fixed, is an integer outside
    /// the signed range of `bits` bits (`min <= term <= max` is
    /// unsatisfiable with the side constraints); `Err` says how not.
    pub(crate) fn out_of_range(sem: IntSemantics, e: &Expr, vars: &[Fixed], bits: u32) -> Result<(), String> {
        let (s, r) = lowered(sem, e, vars)?;
        let Val::I(i) = &r else { return Err(format!("the term {r:?} is not an unbounded integer")) };
        s.assert(i.ge(int(smin(bits))));
        s.assert(i.le(int(smax(bits))));
        match s.check() {
            SatResult::Unsat => Ok(()),
            SatResult::Sat => Err(format!("the term can be {:?}", s.get_model().and_then(|m| r.eval_i128(&m)))),
            SatResult::Unknown => Err("Z3 answered unknown".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    //! Every encoding of `lia` and `bv` agrees with the reference evaluator
    //! (`ir::eval`, whose own tests check it against LLVM's integer semantics
    //! on the same values) on concrete values, edge values included, at the
    //! widths C and LLVM produce: 8, 32, and the `i65`/`i128` of
    //! `__builtin_*_overflow` and `__int128`.

    use super::*;
    use crate::ir::eval;
    use crate::ir::{BinOp::*, CmpPred::*};
    use crate::smt::eval_agreement::values;
    use z3::{SatResult, Solver};

    /// Whether the lowering of `e` over `x = a`, `y = b` (the `iN` variables
    /// 0 and 1) is forced to the evaluator's value, when it has one.
    fn agrees(sem: IntSemantics, n: u32, a: i128, b: i128, e: &Expr) -> Result<(), String> {
        let vals = [eval::Val::Int(a), eval::Val::Int(b)];
        let Ok(expected) = eval::expr(e, &|v| vals.get(v.0 as usize).copied(), sem) else { return Ok(()) };
        let sort = Sort::Int { bits: n };
        oracle::forces(sem, e, &[(VarId(0), sort, vals[0]), (VarId(1), sort, vals[1])], expected)
            .map_err(|why| format!("{why}, not {expected:?}"))
    }

    fn var(i: u32, n: u32) -> Box<Expr> {
        Box::new(Expr::Var(VarId(i), Sort::Int { bits: n }))
    }

    const WIDTHS: [u32; 4] = [8, 32, 65, 128];

    #[test]
    fn binary_operations_match_the_evaluator() {
        for sem in [IntSemantics::Lia, IntSemantics::Bv] {
            for n in WIDTHS {
                for op in [Add, Sub, Mul, SDiv, UDiv, SRem, URem, Shl, LShr, AShr, And, Or, Xor] {
                    for &a in &values(n) {
                        for &b in &values(n) {
                            // Shifts and bit operations get the second operand as a
                            // constant (what lia encodes exactly); the rest two variables.
                            let constant_b = matches!(op, Shl | LShr | AShr | And | Or | Xor);
                            let eb = if constant_b { Box::new(Expr::Int { value: b, bits: n }) } else { var(1, n) };
                            let e = Expr::Bin { op, bits: n, nsw: false, nuw: false, a: var(0, n), b: eb };
                            if let Err(why) = agrees(sem, n, a, b, &e) {
                                panic!("{sem:?} i{n}: {a} {op:?} {b}: {why}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn comparisons_casts_and_intrinsics_match_the_evaluator() {
        for sem in [IntSemantics::Lia, IntSemantics::Bv] {
            for n in [8u32, 65, 128] {
                for &a in &values(n) {
                    for &b in &values(n) {
                        let mut es: Vec<Expr> = [Slt, Sle, Ult, Ule, Uge, Ugt]
                            .into_iter()
                            .map(|pred| Expr::Cmp { pred, bits: n, a: var(0, n), b: var(1, n) })
                            .collect();
                        for op in [
                            IntrOp::SMax,
                            IntrOp::UMin,
                            IntrOp::Overflow(Add, true),
                            IntrOp::Overflow(Add, false),
                            IntrOp::Overflow(Sub, false),
                            IntrOp::Overflow(Mul, true),
                        ] {
                            es.push(Expr::Intr { op, bits: n, args: vec![*var(0, n), *var(1, n)] });
                        }
                        for k in [0i128, 3, n as i128, n as i128 + 3, -1] {
                            for op in [IntrOp::Fshl, IntrOp::Fshr] {
                                let args = vec![*var(0, n), *var(1, n), Expr::Int { value: k, bits: n }];
                                es.push(Expr::Intr { op, bits: n, args });
                            }
                        }
                        for e in es {
                            if let Err(why) = agrees(sem, n, a, b, &e) {
                                panic!("{sem:?} i{n}, x = {a}, y = {b}: {e:?}: {why}");
                            }
                        }
                    }
                    let wider = (n * 2).min(128);
                    let mut casts = vec![(CastOp::Trunc, 4), (CastOp::Trunc, 1), (CastOp::Trunc, 64)];
                    if wider > n {
                        casts.extend([(CastOp::Zext, wider), (CastOp::Sext, wider)]);
                    }
                    for (op, to) in casts.into_iter().filter(|(op, to)| (*op == CastOp::Trunc) == (*to < n)) {
                        let e = Expr::Cast { op, from: n, to, a: var(0, n) };
                        if let Err(why) = agrees(sem, n, a, 0, &e) {
                            panic!("{sem:?} {op:?} i{n} {a} to i{to}: {why}");
                        }
                    }
                }
            }
        }
    }

    /// Regions (DESIGN.md "Memory"): a load after a store reads the stored
    /// value at the same offset and the old cell elsewhere, for symbolic
    /// offsets and values; under `lia` every loaded cell is in its width's range.
    #[test]
    fn regions_read_what_was_written_and_cells_stay_in_range() {
        for sem in [IntSemantics::Lia, IntSemantics::Bv] {
            for (ib, eb) in [(64, 8), (64, 32), (32, 128)] {
                let mut l = Lowerer::new(sem);
                let region = Sort::Array { index: ib, elem: eb };
                let names = [("a", region), ("i", Sort::Int { bits: ib }), ("j", Sort::Int { bits: ib })];
                let mut env: HashMap<VarId, Val> =
                    names.iter().enumerate().map(|(k, (n, s))| (VarId(k as u32), l.constant(n, *s))).collect();
                env.insert(VarId(3), l.constant("v", Sort::Int { bits: eb }));
                let a = Box::new(Expr::Var(VarId(0), region));
                let stored = Expr::Store { array: a.clone(), index: var(1, ib), value: var(3, eb) };
                let load = Expr::Select { array: Box::new(stored), index: var(2, ib) };
                let same = Expr::Cmp { pred: Eq, bits: ib, a: var(1, ib), b: var(2, ib) };
                let old = Expr::Select { array: a.clone(), index: var(2, ib) };
                let expected = Expr::Ite(Box::new(same), var(3, eb), Box::new(old));
                let law = Expr::Cmp { pred: Eq, bits: eb, a: Box::new(load), b: Box::new(expected) };
                let past_max = Expr::Cmp {
                    pred: Sgt,
                    bits: eb,
                    a: Box::new(Expr::Select { array: a, index: var(1, ib) }),
                    b: Box::new(Expr::Int { value: smax(eb), bits: eb }),
                };
                for (e, valid) in [(law, true), (Expr::negate(past_max), true)] {
                    let s = Solver::new();
                    let (r, sides) = l.expr_with_side(&e, &env);
                    for (k, v) in &env {
                        if let Some(range) =
                            l.range(v, if k.0 == 3 { Sort::Int { bits: eb } } else { names[k.0 as usize].1 })
                        {
                            s.assert(&range);
                        }
                    }
                    sides.iter().for_each(|c| s.assert(c));
                    let Val::B(r) = r else { panic!("not a formula") };
                    s.assert(r.not());
                    assert_eq!(s.check() == SatResult::Unsat, valid, "{sem:?} [{ib}] -> {eb}: {e:?}");
                }
            }
        }
    }
}
