//! Typed expressions of the program model, with LLVM's integer meaning.
//!
//! Besides the machine-integer operations of LLVM, the terms of sort
//! [`Sort::Num`] speak about mathematical integers: [`Expr::Value`] reads an
//! `iN` bit pattern as its signed or unsigned value, and [`Expr::Arith`] /
//! [`Expr::Rel`] compute and compare exactly, with SMT-LIB's meaning (`Div` and
//! `Mod` Euclidean). The frontend never produces them; certificates (DESIGN.md
//! "Engines": one invariant per location in the program model's own terms) and
//! the abstract domains do.

use super::{Sort, VarId};
use serde::{Deserialize, Serialize};

/// Binary integer operations (LLVM `add` ... `xor`). Flags say which results are
/// exact in the mathematical integers (overflow there is undefined behaviour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    SDiv,
    UDiv,
    SRem,
    URem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

/// Integer comparison predicates (LLVM `icmp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CmpPred {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl CmpPred {
    /// The predicate of the negated comparison.
    pub fn negated(self) -> CmpPred {
        match self {
            CmpPred::Eq => CmpPred::Ne,
            CmpPred::Ne => CmpPred::Eq,
            CmpPred::Slt => CmpPred::Sge,
            CmpPred::Sle => CmpPred::Sgt,
            CmpPred::Sgt => CmpPred::Sle,
            CmpPred::Sge => CmpPred::Slt,
            CmpPred::Ult => CmpPred::Uge,
            CmpPred::Ule => CmpPred::Ugt,
            CmpPred::Ugt => CmpPred::Ule,
            CmpPred::Uge => CmpPred::Ult,
        }
    }
}

/// Integer casts. Casting from or to `i1` converts between `Bool` and `Int`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CastOp {
    Zext,
    Sext,
    Trunc,
}

/// Integer intrinsics the translation encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IntrOp {
    SMax,
    SMin,
    UMax,
    UMin,
    /// `llvm.fshl(a, b, s)`: funnel shift left.
    Fshl,
    /// `llvm.fshr(a, b, s)`: funnel shift right.
    Fshr,
    /// `llvm.abs(a, _)`.
    Abs,
    /// `llvm.*.with.overflow` overflow bit of `Add`/`Sub`/`Mul` (signed if `true`).
    Overflow(BinOp, bool),
}

impl IntrOp {
    /// For a minimum or maximum, the comparison under which it is its first
    /// argument (`smax(a, b)` is `a` if `a >s b`); `None` for the others.
    pub fn selecting_pred(self) -> Option<CmpPred> {
        match self {
            IntrOp::SMax => Some(CmpPred::Sgt),
            IntrOp::SMin => Some(CmpPred::Slt),
            IntrOp::UMax => Some(CmpPred::Ugt),
            IntrOp::UMin => Some(CmpPred::Ult),
            _ => None,
        }
    }
}

/// Operations on mathematical integers (sort `Num`), with SMT-LIB's meaning:
/// `Div`/`Mod` are Euclidean (`0 <= a mod b < |b|`), `Neg` is unary and the
/// others are n-ary (`Sub` subtracts the rest from the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Neg,
    Div,
    Mod,
}

/// Comparisons of mathematical integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rel {
    Eq,
    Le,
    Lt,
    Ge,
    Gt,
}

/// An expression. `bits` fields give the width of the integer operands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Expr {
    Bool(bool),
    /// An integer constant as the signed value of its `bits`-bit pattern.
    Int {
        value: i128,
        bits: u32,
    },
    Var(VarId, Sort),
    Not(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    /// Boolean exclusive or.
    Xor(Box<Expr>, Box<Expr>),
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    Bin {
        op: BinOp,
        bits: u32,
        nsw: bool,
        nuw: bool,
        a: Box<Expr>,
        b: Box<Expr>,
    },
    Cmp {
        pred: CmpPred,
        bits: u32,
        a: Box<Expr>,
        b: Box<Expr>,
    },
    Cast {
        op: CastOp,
        from: u32,
        to: u32,
        a: Box<Expr>,
    },
    Intr {
        op: IntrOp,
        bits: u32,
        args: Vec<Expr>,
    },
    /// A mathematical integer.
    Num(i128),
    /// The value of the `bits`-bit pattern `a` as a mathematical integer,
    /// read as signed (two's complement) or unsigned.
    Value {
        signed: bool,
        bits: u32,
        a: Box<Expr>,
    },
    Arith {
        op: ArithOp,
        args: Vec<Expr>,
    },
    Rel {
        rel: Rel,
        a: Box<Expr>,
        b: Box<Expr>,
    },
    /// The cell of the region `array` (of sort [`Sort::Array`]) at the offset
    /// `index`: a load.
    Select {
        array: Box<Expr>,
        index: Box<Expr>,
    },
    /// The region `array` with the cell at `index` set to `value`: a store.
    Store {
        array: Box<Expr>,
        index: Box<Expr>,
        value: Box<Expr>,
    },
    /// `forall x_1 .. x_n. body`, the bound variables of these sorts (only
    /// in certificates: an array filled in a loop has a quantified invariant).
    Forall {
        sorts: Vec<Sort>,
        body: Box<Expr>,
    },
    /// A variable bound by an enclosing [`Expr::Forall`], by de Bruijn index
    /// as Z3 numbers them: 0 is the last variable of the innermost quantifier.
    Bound {
        index: u32,
        sort: Sort,
    },
}

impl Expr {
    pub fn var(v: VarId, sort: Sort) -> Expr {
        Expr::Var(v, sort)
    }

    /// The sort of this expression.
    pub fn sort(&self) -> Sort {
        match self {
            Expr::Bool(_)
            | Expr::Not(_)
            | Expr::And(_)
            | Expr::Or(_)
            | Expr::Xor(..)
            | Expr::Cmp { .. }
            | Expr::Rel { .. }
            | Expr::Forall { .. } => Sort::Bool,
            Expr::Bound { sort, .. } => *sort,
            Expr::Num(_) | Expr::Value { .. } | Expr::Arith { .. } => Sort::Num,
            Expr::Int { bits, .. } => Sort::Int { bits: *bits },
            Expr::Var(_, s) => *s,
            Expr::Ite(_, a, _) => a.sort(),
            Expr::Bin { bits, .. } => Sort::Int { bits: *bits },
            Expr::Cast { to, .. } => {
                if *to == 1 {
                    Sort::Bool
                } else {
                    Sort::Int { bits: *to }
                }
            }
            Expr::Intr { op: IntrOp::Overflow(..), .. } => Sort::Bool,
            Expr::Intr { bits, .. } => Sort::Int { bits: *bits },
            Expr::Select { array, .. } => match array.sort() {
                Sort::Array { elem, .. } => Sort::Int { bits: elem },
                other => other,
            },
            Expr::Store { array, .. } => array.sort(),
        }
    }

    /// Appends every variable occurring in the expression to `out`.
    pub fn vars(&self, out: &mut Vec<VarId>) {
        self.any(&mut |e| {
            if let Expr::Var(v, _) = e {
                out.push(*v);
            }
            false
        });
    }

    /// Does `f` hold of this expression or of one of its subexpressions
    /// (visited in preorder, until the first that it holds of)?
    pub fn any(&self, f: &mut dyn FnMut(&Expr) -> bool) -> bool {
        if f(self) {
            return true;
        }
        match self {
            Expr::Bool(_) | Expr::Int { .. } | Expr::Num(_) | Expr::Var(..) | Expr::Bound { .. } => false,
            Expr::Not(a) | Expr::Cast { a, .. } | Expr::Value { a, .. } | Expr::Forall { body: a, .. } => a.any(f),
            Expr::And(xs) | Expr::Or(xs) | Expr::Intr { args: xs, .. } | Expr::Arith { args: xs, .. } => {
                xs.iter().any(|x| x.any(f))
            }
            Expr::Xor(a, b) | Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } | Expr::Rel { a, b, .. } => {
                a.any(f) || b.any(f)
            }
            Expr::Ite(c, a, b) | Expr::Store { array: c, index: a, value: b } => c.any(f) || a.any(f) || b.any(f),
            Expr::Select { array, index } => array.any(f) || index.any(f),
        }
    }

    /// Logical negation, folding constants and double negation.
    pub fn negate(e: Expr) -> Expr {
        match e {
            Expr::Bool(b) => Expr::Bool(!b),
            Expr::Not(a) => *a,
            e => Expr::Not(Box::new(e)),
        }
    }
}

impl Expr {
    /// The expression with each direct subexpression replaced by `f` of it
    /// (the node itself kept). `f` sees a [`Expr::Forall`]'s body as any other
    /// child: a caller that tracks binders matches `Forall` itself first.
    pub fn map_children(&self, mut f: impl FnMut(&Expr) -> Expr) -> Expr {
        let mut b = |e: &Expr| Box::new(f(e));
        match self {
            Expr::Bool(_) | Expr::Int { .. } | Expr::Num(_) | Expr::Var(..) | Expr::Bound { .. } => self.clone(),
            Expr::Not(a) => Expr::Not(b(a)),
            Expr::And(xs) => Expr::And(xs.iter().map(|x| *b(x)).collect()),
            Expr::Or(xs) => Expr::Or(xs.iter().map(|x| *b(x)).collect()),
            Expr::Xor(x, y) => Expr::Xor(b(x), b(y)),
            Expr::Ite(c, x, y) => Expr::Ite(b(c), b(x), b(y)),
            Expr::Bin { op, bits, nsw, nuw, a, b: y } => {
                Expr::Bin { op: *op, bits: *bits, nsw: *nsw, nuw: *nuw, a: b(a), b: b(y) }
            }
            Expr::Cmp { pred, bits, a, b: y } => Expr::Cmp { pred: *pred, bits: *bits, a: b(a), b: b(y) },
            Expr::Cast { op, from, to, a } => Expr::Cast { op: *op, from: *from, to: *to, a: b(a) },
            Expr::Intr { op, bits, args } => {
                Expr::Intr { op: *op, bits: *bits, args: args.iter().map(|x| *b(x)).collect() }
            }
            Expr::Value { signed, bits, a } => Expr::Value { signed: *signed, bits: *bits, a: b(a) },
            Expr::Arith { op, args } => Expr::Arith { op: *op, args: args.iter().map(|x| *b(x)).collect() },
            Expr::Rel { rel, a, b: y } => Expr::Rel { rel: *rel, a: b(a), b: b(y) },
            Expr::Select { array, index } => Expr::Select { array: b(array), index: b(index) },
            Expr::Store { array, index, value } => Expr::Store { array: b(array), index: b(index), value: b(value) },
            Expr::Forall { sorts, body } => Expr::Forall { sorts: sorts.clone(), body: b(body) },
        }
    }

    /// The expression with every free occurrence of a variable `v` for which
    /// `to(v, depth)` answers replaced by that answer; `depth` counts the
    /// quantifiers around the occurrence, so that a replacement may name a
    /// binder outside the expression as `Bound { index: depth + k }`. A
    /// replacement with no `Bound` of its own needs no shifting.
    pub fn substitute(&self, to: &impl Fn(VarId, u32) -> Option<Expr>) -> Expr {
        fn go(e: &Expr, depth: u32, to: &impl Fn(VarId, u32) -> Option<Expr>) -> Expr {
            match e {
                Expr::Var(v, _) => to(*v, depth).unwrap_or_else(|| e.clone()),
                Expr::Forall { sorts, body } => {
                    Expr::Forall { sorts: sorts.clone(), body: Box::new(go(body, depth + sorts.len() as u32, to)) }
                }
                _ => e.map_children(|c| go(c, depth, to)),
            }
        }
        go(self, 0, to)
    }
}
