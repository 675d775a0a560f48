//! Raising Z3 terms back to program-model expressions (`ir::Expr`), so that an
//! engine's answer is plain data in the program's own terms (DESIGN.md
//! "Engines": a certificate is one invariant per location as `ir::Expr`,
//! lowered again by the checker in a Z3 context of its own).
//!
//! Z3's simplifier writes the division operators as `bvudiv_i` ...: the
//! same total functions as SMT-LIB's (division by zero is interpreted).
//!
//! Invariant: for every term `raise` accepts, lowering the result under the same
//! integer semantics over the same canonical constants gives an equivalent term
//! (property-tested below). Under `lia`/`math` a program integer's canonical
//! constant is its signed value, so it is raised as [`Expr::Value`] of the
//! variable and integer arithmetic as [`Expr::Arith`]/[`Expr::Rel`]; under `bv`
//! bit-vector operations map one to one onto LLVM's (`bvadd` is `add`,
//! `extract` a shift and a truncation); a 1-bit vector is a Boolean, as `i1`
//! is in the program model. What has no exact counterpart (`rem`,
//! quantifiers, an unknown constant, a numeral beyond 128
//! bits) is an error naming it: a certificate that cannot be raised is not an
//! answer.

use crate::ir::{ArithOp, BinOp, CastOp, CmpPred, Expr, Rel, Sort, VarId};
use std::collections::HashMap;
use z3::ast::{Ast, Dynamic};
use z3::SortKind;

/// Which program variable a canonical constant name stands for.
pub type Names = HashMap<String, (VarId, Sort)>;

/// Raises a Boolean Z3 term over canonical constants to an expression.
pub fn raise(f: &z3::ast::Bool, names: &Names) -> Result<Expr, String> {
    Raiser { names }.term(&Dynamic::from_ast(f))
}

struct Raiser<'a> {
    names: &'a Names,
}

/// The SMT-LIB name of an application's function (`None` for a variable or a
/// numeral).
fn op(e: &Dynamic) -> Option<String> {
    e.safe_decl().ok().map(|d| d.name())
}

/// The `i`-th integer parameter of an indexed function (`extract`'s `hi lo`).
fn int_param(e: &Dynamic, i: u32) -> Option<u32> {
    let ctx = z3::Context::thread_local();
    let c = ctx.get_z3_context();
    unsafe {
        let app = z3_sys::Z3_to_app(c, e.get_z3_ast())?;
        let d = z3_sys::Z3_get_app_decl(c, app)?;
        if i >= z3_sys::Z3_get_decl_num_parameters(c, d) {
            return None;
        }
        u32::try_from(z3_sys::Z3_get_decl_int_parameter(c, d, i)).ok()
    }
}

fn symbol(e: &Dynamic) -> String {
    let n = e.decl().name();
    n.strip_prefix('|').and_then(|m| m.strip_suffix('|')).map(str::to_string).unwrap_or(n)
}

fn bin(op: BinOp, bits: u32, a: Expr, b: Expr) -> Expr {
    Expr::Bin { op, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) }
}

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl Raiser<'_> {
    /// The width of a bit-vector term. A 1-bit vector is raised to a
    /// Boolean, as `i1` is `Bool` in the program model (`#b1` is `true`).
    fn width(&self, e: &Dynamic) -> Result<u32, String> {
        e.as_bv().map(|v| v.get_size()).ok_or_else(|| format!("not a bit-vector: {e}"))
    }

    fn term(&self, e: &Dynamic) -> Result<Expr, String> {
        let kind = e.sort_kind();
        match e.kind() {
            z3::AstKind::Quantifier => return self.quantifier(e),
            z3::AstKind::Var => {
                let ctx = z3::Context::thread_local();
                let index = unsafe { z3_sys::Z3_get_index_value(ctx.get_z3_context(), e.get_z3_ast()) };
                return Ok(Expr::Bound { index, sort: bound_sort(e)? });
            }
            _ => {}
        }
        if !matches!(e.kind(), z3::AstKind::App | z3::AstKind::Numeral) {
            return Err(format!("not a quantifier-free term: {e}"));
        }
        if e.num_children() == 0 {
            return self.leaf(e, kind);
        }
        let ch = e.children();
        let name = op(e).unwrap_or_default();
        let all = |r: &Self| ch.iter().map(|c| r.term(c)).collect::<Result<Vec<_>, _>>();
        let two = |r: &Self| -> Result<(Expr, Expr), String> {
            match ch.as_slice() {
                [a, b] => Ok((r.term(a)?, r.term(b)?)),
                _ => Err(format!("`{name}` with {} arguments", ch.len())),
            }
        };
        let rel = |r: &Self, rel: Rel| -> Result<Expr, String> {
            let (a, b) = two(r)?;
            Ok(Expr::Rel { rel, a: boxed(a), b: boxed(b) })
        };
        let cmp = |r: &Self, pred: CmpPred| -> Result<Expr, String> {
            let bits = r.width(&ch[0])?;
            if bits == 1 {
                // Booleans with 1 > 0 unsigned and 1 = -1 < 0 signed
                let (a, b) = two(r)?;
                let (na, nb) = (Expr::negate(a.clone()), Expr::negate(b.clone()));
                return Ok(match pred {
                    CmpPred::Ule | CmpPred::Sge => Expr::Or(vec![na, b]),
                    CmpPred::Ult | CmpPred::Sgt => Expr::And(vec![na, b]),
                    CmpPred::Uge | CmpPred::Sle => Expr::Or(vec![a, nb]),
                    CmpPred::Ugt | CmpPred::Slt => Expr::And(vec![a, nb]),
                    CmpPred::Eq => Expr::negate(Expr::Xor(boxed(a), boxed(b))),
                    CmpPred::Ne => Expr::Xor(boxed(a), boxed(b)),
                });
            }
            let (a, b) = two(r)?;
            Ok(Expr::Cmp { pred, bits, a: boxed(a), b: boxed(b) })
        };
        let fold = |r: &Self, op: BinOp| -> Result<Expr, String> {
            let bits = r.width(e)?;
            let xs = all(r)?;
            if bits == 1 {
                return match op {
                    BinOp::And | BinOp::Mul => Ok(Expr::And(xs)),
                    BinOp::Or => Ok(Expr::Or(xs)),
                    BinOp::Xor | BinOp::Add | BinOp::Sub => {
                        let mut xs = xs.into_iter();
                        let first = xs.next().ok_or_else(|| format!("`{name}` without arguments"))?;
                        Ok(xs.fold(first, |acc, x| Expr::Xor(boxed(acc), boxed(x))))
                    }
                    _ => Err(format!("`{name}` on 1-bit vectors: {e}")),
                };
            }
            let mut xs = xs.into_iter();
            let first = xs.next().ok_or_else(|| format!("`{name}` without arguments"))?;
            Ok(xs.fold(first, |acc, x| bin(op, bits, acc, x)))
        };
        let arith = |r: &Self, op: ArithOp| Ok(Expr::Arith { op, args: all(r)? });
        match name.as_str() {
            "and" => Ok(Expr::And(all(self)?)),
            "or" => Ok(Expr::Or(all(self)?)),
            "not" => Ok(Expr::negate(self.term(&ch[0])?)),
            "=>" | "implies" => {
                let (a, b) = two(self)?;
                Ok(Expr::Or(vec![Expr::negate(a), b]))
            }
            "xor" => {
                let (a, b) = two(self)?;
                Ok(Expr::Xor(boxed(a), boxed(b)))
            }
            "select" => match ch.as_slice() {
                [a, i] => {
                    let array = self.region(a)?;
                    let elem = match array.sort() {
                        Sort::Array { elem, .. } => elem,
                        _ => return Err(format!("not a region term: {a}")),
                    };
                    let cell = Expr::Select { array: boxed(array), index: boxed(self.term(i)?) };
                    // under `lia` a cell is its signed value, like a variable
                    Ok(match kind {
                        SortKind::Int => Expr::Value { signed: true, bits: elem, a: boxed(cell) },
                        _ => cell,
                    })
                }
                _ => Err(format!("`select` with {} arguments", ch.len())),
            },
            "ite" | "if" => match ch.as_slice() {
                [c, a, b] => Ok(Expr::Ite(boxed(self.term(c)?), boxed(self.term(a)?), boxed(self.term(b)?))),
                _ => Err(format!("`ite` with {} arguments", ch.len())),
            },
            "=" | "iff" | "distinct" => {
                let eq = |r: &Self, a: &Dynamic, b: &Dynamic| -> Result<Expr, String> {
                    if a.sort_kind() == SortKind::Array {
                        return Err(format!("an equality of regions: {e}"));
                    }
                    let (x, y) = (r.term(a)?, r.term(b)?);
                    let bool_like = a.sort_kind() == SortKind::Bool || a.as_bv().is_some_and(|v| v.get_size() == 1);
                    Ok(match (x, y) {
                        (Expr::Bool(k), z) | (z, Expr::Bool(k)) if bool_like => {
                            if k {
                                z
                            } else {
                                Expr::negate(z)
                            }
                        }
                        (x, y) if bool_like => Expr::negate(Expr::Xor(boxed(x), boxed(y))),
                        (x, y) => match a.sort_kind() {
                            SortKind::Bv => {
                                Expr::Cmp { pred: CmpPred::Eq, bits: r.width(a)?, a: boxed(x), b: boxed(y) }
                            }
                            _ => Expr::Rel { rel: Rel::Eq, a: boxed(x), b: boxed(y) },
                        },
                    })
                };
                let mut pairs = Vec::new();
                for i in 0..ch.len() {
                    for j in i + 1..ch.len() {
                        let x = eq(self, &ch[i], &ch[j])?;
                        pairs.push(if name == "distinct" { Expr::negate(x) } else { x });
                    }
                }
                Ok(if pairs.len() == 1 { pairs.remove(0) } else { Expr::And(pairs) })
            }
            "<=" => rel(self, Rel::Le),
            "<" => rel(self, Rel::Lt),
            ">=" => rel(self, Rel::Ge),
            ">" => rel(self, Rel::Gt),
            "+" => arith(self, ArithOp::Add),
            "-" if ch.len() == 1 => arith(self, ArithOp::Neg),
            "-" => arith(self, ArithOp::Sub),
            "*" => arith(self, ArithOp::Mul),
            "div" => arith(self, ArithOp::Div),
            "mod" => arith(self, ArithOp::Mod),
            "abs" => {
                let a = self.term(&ch[0])?;
                let nonneg = Expr::Rel { rel: Rel::Ge, a: boxed(a.clone()), b: boxed(Expr::Num(0)) };
                let neg = Expr::Arith { op: ArithOp::Neg, args: vec![a.clone()] };
                Ok(Expr::Ite(boxed(nonneg), boxed(a), boxed(neg)))
            }
            "sbv_to_int" if self.width(&ch[0])? == 1 => Err(format!("a signed 1-bit value: {e}")),
            "bv2int" | "ubv_to_int" | "sbv_to_int" => Ok(Expr::Value {
                signed: name == "sbv_to_int",
                bits: self.width(&ch[0])?,
                a: boxed(self.term(&ch[0])?),
            }),
            "bvsle" => cmp(self, CmpPred::Sle),
            "bvslt" => cmp(self, CmpPred::Slt),
            "bvsge" => cmp(self, CmpPred::Sge),
            "bvsgt" => cmp(self, CmpPred::Sgt),
            "bvule" => cmp(self, CmpPred::Ule),
            "bvult" => cmp(self, CmpPred::Ult),
            "bvuge" => cmp(self, CmpPred::Uge),
            "bvugt" => cmp(self, CmpPred::Ugt),
            "bvadd" => fold(self, BinOp::Add),
            "bvsub" => fold(self, BinOp::Sub),
            "bvmul" => fold(self, BinOp::Mul),
            "bvand" => fold(self, BinOp::And),
            "bvor" => fold(self, BinOp::Or),
            "bvxor" => fold(self, BinOp::Xor),
            "bvsdiv" | "bvsdiv_i" => fold(self, BinOp::SDiv),
            "bvudiv" | "bvudiv_i" => fold(self, BinOp::UDiv),
            "bvsrem" | "bvsrem_i" => fold(self, BinOp::SRem),
            "bvurem" | "bvurem_i" => fold(self, BinOp::URem),
            "bvshl" => fold(self, BinOp::Shl),
            "bvlshr" => fold(self, BinOp::LShr),
            "bvashr" => fold(self, BinOp::AShr),
            "bvnot" if self.width(e)? == 1 => Ok(Expr::negate(self.term(&ch[0])?)),
            "bvneg" if self.width(e)? == 1 => self.term(&ch[0]),
            "bvnot" => {
                let bits = self.width(e)?;
                Ok(bin(BinOp::Xor, bits, self.term(&ch[0])?, Expr::Int { value: -1, bits }))
            }
            "bvneg" => {
                let bits = self.width(e)?;
                Ok(bin(BinOp::Sub, bits, Expr::Int { value: 0, bits }, self.term(&ch[0])?))
            }
            "zero_extend" | "sign_extend" => {
                let (from, to) = (self.width(&ch[0])?, self.width(e)?);
                let op = if name == "zero_extend" { CastOp::Zext } else { CastOp::Sext };
                Ok(Expr::Cast { op, from, to, a: boxed(self.term(&ch[0])?) })
            }
            "extract" => {
                let (from, to) = (self.width(&ch[0])?, self.width(e)?);
                let lo = int_param(e, 1).ok_or_else(|| format!("unreadable extract: {e}"))?;
                let mut a = self.term(&ch[0])?;
                if to == 1 && from >= 2 && lo + 1 == from {
                    // the sign bit
                    return Ok(Expr::Cmp {
                        pred: CmpPred::Slt,
                        bits: from,
                        a: boxed(a),
                        b: boxed(Expr::Int { value: 0, bits: from }),
                    });
                }
                if lo > 0 {
                    a = bin(BinOp::LShr, from, a, Expr::Int { value: i128::from(lo), bits: from });
                }
                Ok(if to == from { a } else { Expr::Cast { op: CastOp::Trunc, from, to, a: boxed(a) } })
            }
            "concat" => {
                let to = self.width(e)?;
                let mut acc: Option<(Expr, u32)> = None;
                for c in &ch {
                    let w = self.width(c)?;
                    let x = Expr::Cast { op: CastOp::Zext, from: w, to, a: boxed(self.term(c)?) };
                    acc = Some(match acc {
                        None => (x, w),
                        Some((hi, hw)) => {
                            let shifted = bin(BinOp::Shl, to, hi, Expr::Int { value: i128::from(w), bits: to });
                            (bin(BinOp::Or, to, shifted, x), hw + w)
                        }
                    });
                }
                acc.map(|(x, _)| x).ok_or_else(|| "empty concat".to_string())
            }
            _ => Err(format!("no program-model counterpart for `{name}`: {e}")),
        }
    }

    /// A region term: a region's canonical constant, stores into one, or a
    /// choice between two (its sort is the region's). (Under `lia` an offset or a stored value
    /// may be a `Num` term: `Select`/`Store` lower their operands as integers
    /// there.)
    fn region(&self, e: &Dynamic) -> Result<Expr, String> {
        if e.num_children() == 0 {
            let name = symbol(e);
            return match self.names.get(&name) {
                Some(&(v, sort @ Sort::Array { .. })) => Ok(Expr::Var(v, sort)),
                _ => Err(format!("`{name}` is not a region of the program")),
            };
        }
        match (op(e).as_deref(), e.children().as_slice()) {
            (Some("store"), [a, i, v]) => {
                let array = self.region(a)?;
                Ok(Expr::Store { array: boxed(array), index: boxed(self.term(i)?), value: boxed(self.term(v)?) })
            }
            (Some("ite" | "if"), [c, a, b]) => {
                Ok(Expr::Ite(boxed(self.term(c)?), boxed(self.region(a)?), boxed(self.region(b)?)))
            }
            _ => Err(format!("not a region term: {e}")),
        }
    }

    /// A quantifier: `forall` is [`Expr::Forall`], `exists x. b` is
    /// `not (forall x. not b)` (Spacer writes a quantified lemma as
    /// `not (exists x. ..)`, which `not`'s double negation folds to
    /// `forall x. not ..`; the interpretations it reconstructs for predicates
    /// it eliminated project variables away with `exists`). The certificate
    /// check decides whether Z3 can prove what they claim.
    fn quantifier(&self, e: &Dynamic) -> Result<Expr, String> {
        let ctx = z3::Context::thread_local();
        let (c, a) = (ctx.get_z3_context(), e.get_z3_ast());
        let (forall, n, body) = unsafe {
            (
                z3_sys::Z3_is_quantifier_forall(c, a),
                z3_sys::Z3_get_quantifier_num_bound(c, a),
                z3_sys::Z3_get_quantifier_body(c, a).map(|b| Dynamic::wrap(&ctx, b)),
            )
        };
        let Some(body) = body else {
            return Err(format!("a quantifier without a body: {e}"));
        };
        let mut sorts = Vec::new();
        for i in 0..n {
            let s = unsafe { z3_sys::Z3_get_quantifier_bound_sort(c, a, i) }
                .ok_or_else(|| format!("a bound variable without a sort: {e}"))?;
            sorts.push(match unsafe { z3_sys::Z3_get_sort_kind(c, s) } {
                z3_sys::SortKind::Bool => Sort::Bool,
                z3_sys::SortKind::Int => Sort::Num,
                z3_sys::SortKind::Bv => Sort::Int { bits: unsafe { z3_sys::Z3_get_bv_sort_size(c, s) } },
                _ => return Err(format!("a bound variable of another sort: {e}")),
            });
        }
        let body = self.term(&body)?;
        let q = Expr::Forall { sorts, body: boxed(if forall { body } else { Expr::negate(body) }) };
        Ok(if forall { q } else { Expr::negate(q) })
    }

    /// A numeral, `true`/`false`, or a canonical constant.
    fn leaf(&self, e: &Dynamic, kind: SortKind) -> Result<Expr, String> {
        if let Some(b) = e.as_bool().and_then(|b| b.as_bool()) {
            return Ok(Expr::Bool(b));
        }
        if let Some(n) = e.as_int().and_then(|i| i.as_i128()) {
            return Ok(Expr::Num(n));
        }
        if let Some(v) = e.as_bv() {
            let bits = v.get_size();
            let numeral = v.as_u64().map(u128::from).or_else(|| v.to_int(false).simplify().as_u128());
            if let Some(u) = numeral.filter(|_| bits <= 128) {
                if bits == 1 {
                    return Ok(Expr::Bool(u == 1));
                }
                return Ok(Expr::Int { value: crate::ir::eval::signed_of(u, bits), bits });
            }
        }
        let name = symbol(e);
        let Some(&(v, sort)) = self.names.get(&name) else {
            return Err(format!("`{name}` is not a variable of the program"));
        };
        match (kind, sort) {
            (SortKind::Bool, Sort::Bool) => Ok(Expr::Var(v, sort)),
            (SortKind::Bv, Sort::Int { bits }) if e.as_bv().map(|b| b.get_size()) == Some(bits) => {
                Ok(Expr::Var(v, sort))
            }
            (SortKind::Int, Sort::Int { bits }) => Ok(Expr::Value { signed: true, bits, a: boxed(Expr::Var(v, sort)) }),
            _ => Err(format!("`{name}` has another sort than its variable")),
        }
    }
}

/// The sort of a bound variable: `Num` for a mathematical integer.
fn bound_sort(e: &Dynamic) -> Result<Sort, String> {
    match e.sort_kind() {
        SortKind::Bool => Ok(Sort::Bool),
        SortKind::Int => Ok(Sort::Num),
        SortKind::Bv => Ok(Sort::Int { bits: e.as_bv().map(|v| v.get_size()).unwrap_or(0) }),
        _ => Err(format!("a bound variable of another sort: {e}")),
    }
}

#[cfg(test)]
mod tests {
    //! Raise, then lower under the same semantics, is the identity up to
    //! equivalence: checked by Z3 on random terms in the shapes Z3 itself
    //! produces (simplified and not).
    use super::*;
    use crate::smt::canon::Canon;
    use crate::smt::{solve, IntSemantics, Lowerer};
    use proptest::prelude::*;
    use z3::ast::{Bool, Int, BV};

    /// x: i16, y: i8, b: Bool (narrow, so that Z3 decides equivalence fast).
    fn program() -> crate::ir::Program {
        let var = |name: &str, sort| crate::ir::Var { name: name.into(), sort, src_name: None, float: None };
        let vars = vec![var("x", Sort::Int { bits: 16 }), var("y", Sort::Int { bits: 8 }), var("b", Sort::Bool)];
        let loc =
            crate::ir::Location { name: "l".into(), live: vec![VarId(0), VarId(1), VarId(2)], ..Default::default() };
        crate::ir::Program { vars, locs: vec![loc], ..Default::default() }
    }

    /// Builds a term from a stream of choices.
    struct Gen<'a> {
        bytes: &'a [u8],
        at: usize,
        x: Val,
        y: Val,
        b: Bool,
    }
    use crate::smt::lower::Val;

    impl Gen<'_> {
        fn next(&mut self) -> u8 {
            let v = self.bytes.get(self.at).copied().unwrap_or(0);
            self.at += 1;
            v
        }
        fn int(&mut self, depth: u32) -> Int {
            let (Val::I(x), Val::I(y)) = (self.x.clone(), self.y.clone()) else { unreachable!() };
            let k = |g: &mut Self| Int::from_i64(i64::from(g.next() % 11) - 5);
            if depth == 0 {
                return match self.next() % 3 {
                    0 => x,
                    1 => y,
                    _ => k(self),
                };
            }
            let d = depth - 1;
            match self.next() % 9 {
                0 => Int::add(&[self.int(d), self.int(d), self.int(d)]),
                1 => Int::sub(&[self.int(d), self.int(d)]),
                2 => Int::mul(&[k(self), self.int(d)]),
                3 => Int::mul(&[self.int(d), self.int(d)]),
                4 => self.int(d).unary_minus(),
                5 => self.int(d).div(Int::from_i64(i64::from(self.next() % 4) + 2)),
                6 => self.int(d).modulo(self.int(d)),
                7 => self.bool(d).ite(&self.int(d), &self.int(d)),
                _ => self.int(0),
            }
        }
        fn bool(&mut self, depth: u32) -> Bool {
            if depth == 0 {
                return self.b.clone();
            }
            let d = depth - 1;
            match self.next() % 11 {
                0 => self.int(d).le(self.int(d)),
                1 => self.int(d).lt(self.int(d)),
                2 => self.int(d).ge(self.int(d)),
                3 => self.int(d).gt(self.int(d)),
                4 => self.int(d).eq(self.int(d)),
                5 => Bool::and(&[self.bool(d), self.bool(d)]),
                6 => Bool::or(&[self.bool(d), self.bool(d)]),
                7 => self.bool(d).not(),
                8 => self.bool(d).implies(self.bool(d)),
                9 => self.bool(d).xor(self.bool(d)),
                _ => Int::distinct(&[self.int(d), self.int(d), self.int(d)]),
            }
        }
        fn bv(&mut self, depth: u32, w: u32) -> BV {
            let (Val::V(x), Val::V(y)) = (self.x.clone(), self.y.clone()) else { unreachable!() };
            let leaf = |g: &mut Self| -> BV {
                match (g.next() % 3, w) {
                    (0, 16) => x.clone(),
                    (1, 8) | (0, 8) => y.clone(),
                    (1, 16) => y.sign_ext(8),
                    _ => BV::from_i64(i64::from(g.next()) - 128, w),
                }
            };
            if depth == 0 {
                return leaf(self);
            }
            let d = depth - 1;
            let (a, b) = (self.bv(d, w), self.bv(d, w));
            match self.next() % 18 {
                0 => a.bvadd(&b),
                1 => a.bvsub(&b),
                2 => a.bvmul(&b),
                3 => a.bvand(&b),
                4 => a.bvor(&b),
                5 => a.bvxor(&b),
                6 => a.bvnot(),
                7 => a.bvneg(),
                8 => a.bvudiv(&b),
                9 => a.bvsrem(&b),
                10 => a.bvshl(&b),
                11 => a.bvlshr(&b),
                12 => a.bvashr(&b),
                13 if w == 16 => x.extract(11, 4).zero_ext(8).bvadd(&a),
                13 => x.extract(15, 8).bvadd(&a),
                14 if w == 16 => y.concat(&y).bvxor(&a),
                15 => self.bvbool(d).ite(&a, &b),
                _ => leaf(self),
            }
        }
        fn bvbool(&mut self, depth: u32) -> Bool {
            if depth == 0 {
                return self.b.clone();
            }
            let d = depth - 1;
            let w = if self.next().is_multiple_of(2) { 16 } else { 8 };
            let (a, b) = (self.bv(d, w), self.bv(d, w));
            match self.next() % 8 {
                0 => a.bvsle(&b),
                1 => a.bvslt(&b),
                2 => a.bvuge(&b),
                3 => a.bvugt(&b),
                4 => a.eq(&b),
                5 => Bool::and(&[self.bvbool(d), self.bvbool(d)]),
                6 => self.bvbool(d).not(),
                _ => a.bvule(&b),
            }
        }
    }

    /// Raises a random term (and its simplified form) and lowers it again:
    /// `Ok(true)` when Z3 proves both equivalent to the original, `Ok(false)`
    /// when an equivalence query was not decided within 10 s (nested 16-bit
    /// products and quotients can make the miter hard; the case is discarded).
    fn round_trip(sem: IntSemantics, bytes: &[u8]) -> Result<bool, String> {
        let p = program();
        let mut l = Lowerer::new(sem);
        let canon = Canon::new(&p, &l);
        let (x, y) = (canon.of(VarId(0)).clone(), canon.of(VarId(1)).clone());
        let Val::B(b) = canon.of(VarId(2)).clone() else { unreachable!() };
        let mut g = Gen { bytes, at: 0, x, y, b };
        let f = if sem == IntSemantics::Bv { g.bvbool(3) } else { g.bool(3) };
        for f in [f.clone(), f.simplify()] {
            let e = raise(&f, &canon.names(&p, crate::ir::LocId(0)))?;
            let back = crate::smt::hoare::lower(&p, &mut l, &canon, crate::ir::LocId(0), &e)?;
            let _bounded =
                crate::smt::Install::install(&crate::smt::Deadline::after(std::time::Duration::from_secs(10)));
            match solve::is_sat(&[f.xor(&back)]) {
                Some(false) => {}
                None => return Ok(false),
                Some(true) => return Err(format!("{f} was raised to {e:?}, which lowers to {back}")),
            }
        }
        Ok(true)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn raising_integer_terms_then_lowering_them_is_equivalent(bytes in proptest::collection::vec(any::<u8>(), 64)) {
            let decided = round_trip(IntSemantics::Lia, &bytes);
            prop_assume!(decided != Ok(false));
            prop_assert_eq!(decided, Ok(true));
        }

        #[test]
        fn raising_bit_vector_terms_then_lowering_them_is_equivalent(bytes in proptest::collection::vec(any::<u8>(), 64)) {
            let decided = round_trip(IntSemantics::Bv, &bytes);
            prop_assume!(decided != Ok(false));
            prop_assert_eq!(decided, Ok(true));
        }
    }

    #[test]
    fn what_has_no_counterpart_is_an_error_naming_it() {
        let p = program();
        let l = Lowerer::new(IntSemantics::Lia);
        let canon = Canon::new(&p, &l);
        let names = canon.names(&p, crate::ir::LocId(0));
        let stranger = Int::new_const("stranger").ge(Int::from_i64(0));
        assert!(raise(&stranger, &names).unwrap_err().contains("`stranger` is not a variable"));
        let Val::I(x) = canon.of(VarId(0)).clone() else { unreachable!() };
        let rem = x.rem(Int::from_i64(3)).eq(Int::from_i64(1));
        assert!(raise(&rem, &names).unwrap_err().contains("`rem`"));
    }

    /// Loads and stores of a region raise to `Select`/`Store` and lower back to
    /// an equivalent term, under `lia` and `bv`; an equality of regions has no
    /// counterpart.
    /// A constant per named variable, as the lowering's environment.
    fn constants(l: &Lowerer, names: &Names) -> HashMap<VarId, Val> {
        names.values().map(|(v, s)| (*v, l.constant(&format!("{}", v.0), *s))).collect()
    }

    #[test]
    fn quantified_region_terms_raise_and_lower_back() {
        // forall k. 0 <= k < i -> A[i + k] == 0, as Spacer's quantified
        // generalization writes a fill loop's invariant
        let region = Sort::Array { index: 64, elem: 32 };
        let names: Names =
            [("A".to_string(), (VarId(0), region)), ("i".to_string(), (VarId(1), Sort::Int { bits: 64 }))]
                .into_iter()
                .collect();
        for sem in [IntSemantics::Lia, IntSemantics::Bv] {
            let mut l = Lowerer::new(sem);
            let env = constants(&l, &names);
            let term = |a: &Val, i: &Val, exists: bool| -> z3::ast::Bool {
                let Val::A(a) = a else { panic!("a region") };
                let (body, k) = match i {
                    Val::I(i) => {
                        let k = Int::new_const("k");
                        let cell = a.select(&(i + &k)).as_int().unwrap();
                        let inside = z3::ast::Bool::and(&[k.ge(Int::from_i64(0)), k.lt(i)]);
                        (inside.implies(cell.eq(Int::from_i64(0))), Dynamic::from_ast(&k))
                    }
                    Val::V(i) => {
                        let k = BV::new_const("k", 64);
                        let cell = a.select(&i.bvadd(&k)).as_bv().unwrap();
                        let inside = z3::ast::Bool::and(&[k.bvsge(BV::from_i64(0, 64)), k.bvslt(i)]);
                        (inside.implies(cell.eq(BV::from_i64(0, 32))), Dynamic::from_ast(&k))
                    }
                    _ => panic!("an integer"),
                };
                if exists {
                    z3::ast::exists_const(&[&k as &dyn Ast], &[], &body)
                } else {
                    z3::ast::forall_const(&[&k as &dyn Ast], &[], &body)
                }
            };
            let (a, i) = (l.constant("A", region), l.constant("i", Sort::Int { bits: 64 }));
            let raised = raise(&term(&a, &i, false), &names).unwrap_or_else(|e| panic!("{sem:?}: {e}"));
            assert!(matches!(&raised, Expr::Forall { sorts, .. } if sorts.len() == 1), "{sem:?}: {raised:?}");
            assert!(format!("{raised:?}").contains("Bound { index: 0"), "{raised:?}");
            let (back, sides) = l.expr_with_side(&raised, &env);
            assert!(sides.is_empty(), "a cell's range stays under its quantifier: {sides:?}");
            let Val::B(back) = back else { panic!("a formula") };
            let s = z3::Solver::new();
            // (under `lia`, every real cell holds a value of its width)
            let ranges = |s: &z3::Solver| {
                if let (Val::A(a0), IntSemantics::Lia) = (&env[&VarId(0)], sem) {
                    let j = Int::new_const("j");
                    let cell = a0.select(&j).as_int().unwrap();
                    let range =
                        z3::ast::Bool::and(&[cell.ge(Int::from_i64(-(1 << 31))), cell.lt(Int::from_i64(1 << 31))]);
                    s.assert(z3::ast::forall_const(&[&j as &dyn Ast], &[], &range));
                }
            };
            ranges(&s);
            s.assert(back.xor(term(&env[&VarId(0)], &env[&VarId(1)], false)));
            assert_eq!(s.check(), z3::SatResult::Unsat, "{sem:?}: {raised:?}");
            // Spacer's lemmas: `not (exists k. ..)` is `forall k. not ..`;
            // its projections: `exists k. ..` is `not (forall k. not ..)`
            for negated in [true, false] {
                let z = if negated { term(&a, &i, true).not() } else { term(&a, &i, true) };
                let q = raise(&z, &names).unwrap_or_else(|e| panic!("{sem:?}: {e}"));
                let forall_not = |e: &Expr| matches!(e, Expr::Forall { body, .. } if matches!(**body, Expr::Not(_)));
                match &q {
                    Expr::Not(f) => assert!(!negated && forall_not(f), "{q:?}"),
                    f => assert!(negated && forall_not(f), "{q:?}"),
                }
                let (back, _) = l.expr_with_side(&q, &env);
                let Val::B(back) = back else { panic!("a formula") };
                s.reset();
                ranges(&s);
                let orig = term(&env[&VarId(0)], &env[&VarId(1)], true);
                s.assert(back.xor(if negated { orig.not() } else { orig }));
                assert_eq!(s.check(), z3::SatResult::Unsat, "{sem:?}: {q:?}");
            }
        }
    }

    #[test]
    fn region_terms_raise_and_lower_back() {
        use z3::ast::Array;
        let region = Sort::Array { index: 64, elem: 32 };
        let names: Names = [
            ("A".to_string(), (VarId(0), region)),
            ("i".to_string(), (VarId(1), Sort::Int { bits: 64 })),
            ("v".to_string(), (VarId(2), Sort::Int { bits: 32 })),
        ]
        .into_iter()
        .collect();
        for sem in [IntSemantics::Lia, IntSemantics::Bv] {
            let mut l = Lowerer::new(sem);
            let env = constants(&l, &names);
            let a = l.constant("A", region);
            let (i, v) = (l.constant("i", Sort::Int { bits: 64 }), l.constant("v", Sort::Int { bits: 32 }));
            let (Val::A(a), Val::A(a0)) = (a, env[&VarId(0)].clone()) else { panic!("regions are arrays") };
            let (term, lowered_env_term) = match (&i, &v, &env[&VarId(1)], &env[&VarId(2)]) {
                (Val::I(i), Val::I(v), Val::I(i0), Val::I(v0)) => {
                    let at = |a: &Array, i: &Int, v: &Int| {
                        a.store(i, v).select(&(i + Int::from_i64(1))).as_int().unwrap().ge(v)
                    };
                    (at(&a, i, v), at(&a0, i0, v0))
                }
                (Val::V(i), Val::V(v), Val::V(i0), Val::V(v0)) => {
                    let at = |a: &Array, i: &BV, v: &BV| {
                        a.store(i, v).select(&(i + BV::from_i64(1, 64))).as_bv().unwrap().bvsge(v)
                    };
                    (at(&a, i, v), at(&a0, i0, v0))
                }
                _ => panic!("integers of one kind"),
            };
            let raised = raise(&term, &names).unwrap_or_else(|e| panic!("{sem:?}: {e}"));
            assert!(matches!(format!("{raised:?}"), s if s.contains("Select") && s.contains("Store")), "{raised:?}");
            let (back, sides) = l.expr_with_side(&raised, &env);
            let Val::B(back) = back else { panic!("a formula") };
            let s = z3::Solver::new();
            sides.iter().for_each(|c| s.assert(c));
            s.assert(back.xor(&lowered_env_term));
            assert_eq!(s.check(), z3::SatResult::Unsat, "{sem:?}: {raised:?}");
            let other =
                Array::new_const("A", &a.get_sort().array_domain().unwrap(), &a.get_sort().array_range().unwrap());
            let regions_equal = Dynamic::from_ast(&a.store(&i.dynamic(), &v.dynamic())).eq(Dynamic::from_ast(&other));
            assert!(raise(&regions_equal, &names).unwrap_err().contains("equality of regions"), "{sem:?}");
        }
    }
}
