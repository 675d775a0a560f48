//! Invariants as C expressions over source variables (DESIGN.md "Answers you can
//! trust": readable invariants in source terms, correctness witnesses).
//!
//! A certificate's invariant is an `ir::Expr` over a location's in-scope SSA
//! variables (no Z3 here). Two renderings:
//! - [`Style::Readable`] names each variable by its source name where it has one
//!   (its SSA name otherwise) and prints every term, for people.
//! - [`Style::Exact`] is a C expression a witness validator can evaluate: each
//!   variable is cast so that C computes the value the integer semantics
//!   assigns it (the signed value of its bit pattern, in `long long`), and only
//!   variables with an unambiguous source name may occur. An atom that cannot be
//!   written this way (an SSA temporary, Z3's Euclidean `div`/`mod`, bit-vector
//!   arithmetic, which wraps) is replaced by `1` where it occurs positively and by `0` where
//!   negatively: the result is implied by the formula, so it is still an
//!   invariant (possibly no longer inductive). [`CExpr::weakened`] says so.

use crate::ir::{ArithOp, BinOp, CmpPred, Expr, Program, Rel, Sort, VarId};
use std::collections::HashMap;

/// How to render.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Readable,
    Exact,
}

/// A program variable as C sees it.
#[derive(Clone, Debug)]
pub struct CVar {
    /// The name to print (source name, or SSA name for [`Style::Readable`]).
    pub name: String,
    /// Bit width (1 for Booleans).
    pub bits: u32,
    /// It holds a float's bits (`ir::Var::float`): read through a pointer
    /// to an integer of its width (`*(int *)&x`), never converted.
    pub float: bool,
}

impl CVar {
    /// Program variable `v` of `p` under the C name `name`.
    pub fn of(p: &Program, v: VarId, name: String) -> CVar {
        let var = p.var(v);
        CVar { name, bits: var.sort.width(), float: var.float.is_some() }
    }
}

/// A rendered formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CExpr {
    pub text: String,
    /// Some atom was replaced by a constant (only in [`Style::Exact`]).
    pub weakened: bool,
}

/// Renders the formula `e` of program `p`; `vars` maps a variable to its C
/// name (variables missing from it are not expressible in [`Style::Exact`],
/// and print under their SSA name in [`Style::Readable`]).
pub fn to_c(p: &Program, e: &Expr, vars: &HashMap<VarId, CVar>, style: Style) -> CExpr {
    let mut pr = Printer { p, vars, style, weakened: false, bound: Vec::new() };
    let text = pr.formula(e, true);
    CExpr { text, weakened: pr.weakened }
}

struct Printer<'a> {
    p: &'a Program,
    vars: &'a HashMap<VarId, CVar>,
    style: Style,
    weakened: bool,
    /// The names of the variables bound around the term being printed,
    /// innermost last (a `Bound` index counts from the end).
    bound: Vec<String>,
}

/// `s` as an operand of a unary operator or of `!=`: parenthesized unless it
/// is a name, a number or already one parenthesized group.
fn operand(s: &str) -> String {
    let atomic = s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    let grouped = s.starts_with('(') && s.ends_with(')') && {
        let mut depth = 0i32;
        s.char_indices().all(|(i, c)| {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            depth > 0 || i == s.len() - 1
        })
    };
    if atomic || grouped {
        s.to_string()
    } else {
        format!("({s})")
    }
}

fn join(parts: Vec<String>, op: &str, empty: &str) -> String {
    match parts.len() {
        0 => empty.to_string(),
        1 => parts.into_iter().next().unwrap_or_default(),
        _ => format!("({})", parts.join(op)),
    }
}

/// The C operator of a comparison (negated if `neg`) and whether it compares
/// signed values.
fn cmp_op(pred: CmpPred, neg: bool) -> (&'static str, bool) {
    let p = if neg { pred.negated() } else { pred };
    match p {
        CmpPred::Eq => ("==", true),
        CmpPred::Ne => ("!=", true),
        CmpPred::Slt => ("<", true),
        CmpPred::Sle => ("<=", true),
        CmpPred::Sgt => (">", true),
        CmpPred::Sge => (">=", true),
        CmpPred::Ult => ("<", false),
        CmpPred::Ule => ("<=", false),
        CmpPred::Ugt => (">", false),
        CmpPred::Uge => (">=", false),
    }
}

fn rel_op(rel: Rel, neg: bool) -> &'static str {
    match (rel, neg) {
        (Rel::Eq, false) => "==",
        (Rel::Eq, true) => "!=",
        (Rel::Le, false) | (Rel::Gt, true) => "<=",
        (Rel::Lt, false) | (Rel::Ge, true) => "<",
        (Rel::Ge, false) | (Rel::Lt, true) => ">=",
        (Rel::Gt, false) | (Rel::Le, true) => ">",
    }
}

fn bin_op(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => " + ",
        BinOp::Sub => " - ",
        BinOp::Mul => " * ",
        BinOp::SDiv | BinOp::UDiv => " / ",
        BinOp::SRem | BinOp::URem => " % ",
        BinOp::Shl => " << ",
        BinOp::LShr | BinOp::AShr => " >> ",
        BinOp::And => " & ",
        BinOp::Or => " | ",
        BinOp::Xor => " ^ ",
    }
}

impl Printer<'_> {
    /// A Boolean formula occurring with polarity `pos`, weakened where needed.
    fn formula(&mut self, e: &Expr, pos: bool) -> String {
        match e {
            Expr::And(xs) => join(xs.iter().map(|c| self.formula(c, pos)).collect(), " && ", "1"),
            Expr::Or(xs) => join(xs.iter().map(|c| self.formula(c, pos)).collect(), " || ", "0"),
            Expr::Not(a) => match (self.style, a.as_ref()) {
                // `not forall not` is how a certificate says `exists`
                (Style::Readable, Expr::Forall { sorts, body }) => match body.as_ref() {
                    Expr::Not(b) => self.quantifier("exists", sorts.len(), b, pos),
                    _ => format!("!{}", self.quantifier("forall", sorts.len(), body, !pos)),
                },
                _ => match self.compare(a, true) {
                    Some(s) => s,
                    None => match self.formula(a, !pos).as_str() {
                        "0" => "1".to_string(),
                        "1" => "0".to_string(),
                        inner => format!("!{}", operand(inner)),
                    },
                },
            },
            // (C has no quantifier: a witness gets the weakened form)
            Expr::Forall { sorts, body } if self.style == Style::Readable => {
                self.quantifier("forall", sorts.len(), body, pos)
            }
            _ => match self.strict(e) {
                Some(s) => s,
                None => {
                    self.weakened = true;
                    (if pos { "1" } else { "0" }).to_string()
                }
            },
        }
    }

    /// `(forall k0, k1. body)` (or `exists`) for people.
    fn quantifier(&mut self, which: &str, n: usize, body: &Expr, pos: bool) -> String {
        let names: Vec<String> = (0..n).map(|i| format!("k{}", self.bound.len() + i)).collect();
        self.bound.extend(names.iter().cloned());
        let inner = self.formula(body, pos);
        self.bound.truncate(self.bound.len() - n);
        format!("({which} {}. {inner})", names.join(", "))
    }

    /// A Boolean formula rendered exactly, or `None`.
    fn strict(&mut self, e: &Expr) -> Option<String> {
        let all = |p: &mut Self, xs: &[Expr], op: &str, empty: &str| -> Option<String> {
            let parts: Option<Vec<String>> = xs.iter().map(|c| p.strict(c)).collect();
            Some(join(parts?, op, empty))
        };
        match e {
            Expr::Var(v, Sort::Bool) => self.var(*v, true),
            Expr::Bool(b) => Some(self.constant(*b).into()),
            Expr::And(xs) => all(self, xs, " && ", "1"),
            Expr::Or(xs) => all(self, xs, " || ", "0"),
            Expr::Not(a) => match self.compare(a, true) {
                Some(s) => Some(s),
                None => Some(format!("!{}", operand(&self.strict(a)?))),
            },
            Expr::Xor(a, b) => Some(format!("(!{} != !{})", operand(&self.strict(a)?), operand(&self.strict(b)?))),
            Expr::Ite(c, a, b) if e.sort() == Sort::Bool => {
                Some(format!("({} ? {} : {})", self.strict(c)?, self.strict(a)?, self.strict(b)?))
            }
            _ => self.compare(e, false),
        }
    }

    /// `true`/`false` in the style's syntax.
    fn constant(&self, b: bool) -> &'static str {
        match (self.style, b) {
            (Style::Readable, true) => "true",
            (Style::Readable, false) => "false",
            (Style::Exact, true) => "1",
            (Style::Exact, false) => "0",
        }
    }

    /// A comparison (negated if `neg`), or `None` if `e` is none or not printable.
    fn compare(&mut self, e: &Expr, neg: bool) -> Option<String> {
        match e {
            Expr::Rel { rel, a, b } => {
                let op = rel_op(*rel, neg);
                if let Some(s) = self.linear_compare(a, op, b) {
                    return Some(s);
                }
                Some(format!("{} {op} {}", self.term(a, true)?, self.term(b, true)?))
            }
            Expr::Cmp { pred, a, b, .. } if a.sort() != Sort::Bool => {
                let (op, signed) = cmp_op(*pred, neg);
                Some(format!("{} {op} {}", self.term(a, signed)?, self.term(b, signed)?))
            }
            _ => None,
        }
    }

    /// A variable's name: cast for [`Style::Exact`] (as the signed or
    /// unsigned value of its bit pattern; Booleans as they are).
    fn var(&self, v: VarId, signed: bool) -> Option<String> {
        let boolean = self.vars.get(&v).is_some_and(|c| c.bits == 1);
        match (self.vars.get(&v), self.style) {
            (Some(c), Style::Readable) if !c.float => Some(c.name.clone()),
            (Some(c), Style::Readable) => Some(cast_var(c, signed)),
            (None, Style::Readable) => {
                Some(self.p.vars.get(v.0 as usize).map_or(format!("v{}", v.0), |x| x.name.clone()))
            }
            (Some(c), Style::Exact) if boolean => Some(c.name.clone()),
            // C's `long long` cannot hold it: the atom is weakened
            (Some(c), Style::Exact) if c.bits > 64 => None,
            (Some(c), Style::Exact) => Some(cast_var(c, signed)),
            (None, Style::Exact) => None,
        }
    }

    /// An integer term, read as signed (or unsigned, for unsigned
    /// comparisons). Only mathematical-integer terms are exact in C;
    /// machine arithmetic prints only for people.
    fn term(&mut self, e: &Expr, signed: bool) -> Option<String> {
        let readable = self.style == Style::Readable;
        match e {
            Expr::Num(n) => self.numeral(*n),
            Expr::Int { value, bits } => {
                if signed || *value >= 0 {
                    return self.numeral(*value);
                }
                // the unsigned value of the pattern; past `i128` only people read it
                let u = *value as u128 & (u128::MAX >> (128 - bits));
                match i128::try_from(u) {
                    Ok(n) => self.numeral(n),
                    Err(_) => readable.then(|| u.to_string()),
                }
            }
            Expr::Var(v, _) => self.var(*v, signed),
            Expr::Value { signed: s, a, bits } => match a.as_ref() {
                Expr::Var(v, _) if readable && !s => Some(format!("(unsigned){}", self.var(*v, false)?)),
                // the unsigned value as a signed `long long` (so that it
                // mixes with negative numbers as integers do): exact below 64 bits
                Expr::Var(v, _) if !s && *bits < 64 => {
                    let c = self.vars.get(v)?;
                    Some(cast_to(c, "long long", false))
                }
                Expr::Var(_, _) if !s => None,
                Expr::Var(v, _) => self.var(*v, *s),
                _ if readable => self.term(a, *s),
                _ => None,
            },
            Expr::Arith { op: ArithOp::Neg, args } if args.len() == 1 => {
                Some(format!("-{}", self.term(&args[0], signed)?))
            }
            Expr::Arith { op, args } => {
                let sym = match op {
                    ArithOp::Add => " + ",
                    ArithOp::Sub | ArithOp::Neg => " - ",
                    ArithOp::Mul => " * ",
                    ArithOp::Div if readable => " div ",
                    ArithOp::Mod if readable => " mod ",
                    ArithOp::Div | ArithOp::Mod => return None,
                };
                self.nary(args, sym, signed)
            }
            Expr::Bin { op, a, b, .. } if readable => {
                Some(format!("({}{}{})", self.term(a, signed)?, bin_op(*op), self.term(b, signed)?))
            }
            Expr::Ite(c, a, b) if e.sort() == Sort::Num || readable => {
                let c = self.strict(c)?;
                Some(format!("({c} ? {} : {})", self.term(a, signed)?, self.term(b, signed)?))
            }
            Expr::Select { array, index } if readable => {
                Some(format!("{}[{}]", self.term(array, signed)?, self.term(index, signed)?))
            }
            Expr::Bound { index, .. } if readable => {
                let i = self.bound.len().checked_sub(1 + *index as usize)?;
                self.bound.get(i).cloned()
            }
            _ if readable => Some(self.p.show_expr(e)),
            _ => None,
        }
    }

    /// `a op b` over integers as `P op N + c` with the positive-coefficient terms
    /// of `a - b` on the left (`i + -1*n < 0` becomes `i < n`).
    fn linear_compare(&mut self, a: &Expr, op: &str, b: &Expr) -> Option<String> {
        let mut terms: Vec<(i128, String)> = Vec::new();
        let mut c = 0i128;
        self.linear(a, 1, &mut terms, &mut c)?;
        self.linear(b, -1, &mut terms, &mut c)?;
        let mut merged: Vec<(i128, String)> = Vec::new();
        for (k, t) in terms {
            match merged.iter_mut().find(|(_, u)| *u == t) {
                Some(m) => m.0 = m.0.checked_add(k)?,
                None => merged.push((k, t)),
            }
        }
        let side = |sign: i128, constant: i128| -> Option<String> {
            let mut parts: Vec<String> = Vec::new();
            for (k, t) in merged.iter().filter(|(k, _)| k.signum() == sign) {
                let k = k.checked_abs()?;
                parts.push(if k == 1 { t.clone() } else { format!("{}*{t}", self.numeral(k)?) });
            }
            if constant != 0 || parts.is_empty() {
                parts.push(self.numeral(constant)?);
            }
            Some(parts.join(" + ").replace("+ -", "- "))
        };
        // a - b = P - N + c  ~>  P op N - c; over the integers a strict bound
        // moves its constant toward 0 (`x > -1` is `x >= 0`, as solvers differ
        // in which of the two they return).
        let k = c.checked_neg()?;
        let (op, k) = match op {
            ">" if k < 0 => (">=", k + 1),
            "<" if k > 0 => ("<=", k - 1),
            _ => (op, k),
        };
        Some(format!("{} {op} {}", side(1, 0)?, side(-1, k)?))
    }

    /// Adds `sign * e` to the linear form `terms + c`.
    fn linear(&mut self, e: &Expr, sign: i128, terms: &mut Vec<(i128, String)>, c: &mut i128) -> Option<()> {
        match e {
            Expr::Num(n) => {
                *c = c.checked_add(sign.checked_mul(*n)?)?;
                Some(())
            }
            Expr::Arith { op: ArithOp::Add, args } => args.iter().try_for_each(|x| self.linear(x, sign, terms, c)),
            Expr::Arith { op: ArithOp::Sub | ArithOp::Neg, args } if args.len() == 1 => {
                self.linear(&args[0], -sign, terms, c)
            }
            Expr::Arith { op: ArithOp::Sub, args } if !args.is_empty() => {
                self.linear(&args[0], sign, terms, c)?;
                args[1..].iter().try_for_each(|x| self.linear(x, -sign, terms, c))
            }
            Expr::Arith { op: ArithOp::Mul, args } if args.len() == 2 => match (&args[0], &args[1]) {
                (Expr::Num(k), x) | (x, Expr::Num(k)) => self.linear(x, sign.checked_mul(*k)?, terms, c),
                _ => {
                    terms.push((sign, self.term(e, true)?));
                    Some(())
                }
            },
            _ => {
                terms.push((sign, self.term(e, true)?));
                Some(())
            }
        }
    }

    fn nary(&mut self, xs: &[Expr], op: &str, signed: bool) -> Option<String> {
        let parts: Option<Vec<String>> = xs.iter().map(|c| self.term(c, signed)).collect();
        Some(format!("({})", parts?.join(op)))
    }

    fn numeral(&self, n: i128) -> Option<String> {
        match self.style {
            Style::Readable => Some(n.to_string()),
            Style::Exact if i64::try_from(n).is_ok() && n != i64::MIN as i128 => {
                Some(if i32::try_from(n).is_ok() { n.to_string() } else { format!("{n}LL") })
            }
            Style::Exact => None,
        }
    }
}

/// `x` as the signed (or unsigned) value of its bit pattern, in `long long`
/// (or `unsigned long long`).
fn cast_var(v: &CVar, signed: bool) -> String {
    cast_to(v, if signed { "long long" } else { "unsigned long long" }, signed)
}

/// `x` read as the signed (or unsigned) value of its bit pattern, converted
/// to `wide`.
fn cast_to(v: &CVar, wide: &str, signed: bool) -> String {
    let narrow = match (signed, v.bits) {
        (true, 8) => Some("signed char"),
        (true, 16) => Some("short"),
        (true, 32) => Some("int"),
        (false, 8) => Some("unsigned char"),
        (false, 16) => Some("unsigned short"),
        (false, 32) => Some("unsigned int"),
        _ => None,
    };
    let name = &v.name;
    match (narrow, v.float) {
        // a float's bits, read as an integer's of its width
        (Some(n), true) => format!("({wide})*({n} *)&{name}"),
        (None, true) => format!("*({wide} *)&{name}"),
        (Some(n), false) => format!("({wide})({n}){name}"),
        (None, false) => format!("({wide}){name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Var;

    /// x: i32 (source `x`), n: i64 (source `n`), tmp: i32 and b: Bool
    /// (SSA temporaries without a source name).
    fn program() -> Program {
        let var = |name: &str, sort| Var { name: name.into(), sort, src_name: None, float: None };
        let vars = vec![
            var("x.0", Sort::Int { bits: 32 }),
            var("n", Sort::Int { bits: 64 }),
            var("tmp", Sort::Int { bits: 32 }),
            var("b!1", Sort::Bool),
        ];
        Program { vars, ..Default::default() }
    }

    fn vars() -> HashMap<VarId, CVar> {
        let mut m = HashMap::new();
        m.insert(VarId(0), CVar { name: "x".into(), bits: 32, float: false });
        m.insert(VarId(1), CVar { name: "n".into(), bits: 64, float: false });
        m
    }

    fn val(v: u32, bits: u32) -> Expr {
        Expr::Value { signed: true, bits, a: Box::new(Expr::Var(VarId(v), Sort::Int { bits })) }
    }

    fn rel(rel: Rel, a: Expr, b: Expr) -> Expr {
        Expr::Rel { rel, a: Box::new(a), b: Box::new(b) }
    }

    #[test]
    fn readable_uses_source_names_and_flips_negated_comparisons() {
        let f =
            Expr::And(vec![rel(Rel::Ge, val(0, 32), Expr::Num(0)), Expr::negate(rel(Rel::Le, val(0, 32), val(1, 64)))]);
        let c = to_c(&program(), &f, &vars(), Style::Readable);
        assert_eq!(c.text, "(x >= 0 && x > n)");
        assert!(!c.weakened);
    }

    #[test]
    fn exact_casts_and_weakens_by_polarity() {
        // x >= 0 && !(tmp <= 3): tmp has no source name; `not` of a comparison
        // is a comparison, so it occurs positively as `tmp > 3` and becomes 1.
        let f = Expr::And(vec![
            rel(Rel::Ge, val(0, 32), Expr::Num(0)),
            Expr::negate(rel(Rel::Le, val(2, 32), Expr::Num(3))),
        ]);
        let c = to_c(&program(), &f, &vars(), Style::Exact);
        assert_eq!(c.text, "((long long)(int)x >= 0 && 1)");
        assert!(c.weakened);
        // an unprintable atom under negation becomes 0.
        let g = Expr::negate(Expr::And(vec![rel(Rel::Ge, val(0, 32), Expr::Num(0)), Expr::Var(VarId(3), Sort::Bool)]));
        let c = to_c(&program(), &g, &vars(), Style::Exact);
        assert_eq!(c.text, "!((long long)(int)x >= 0 && 0)");
    }

    #[test]
    fn exact_rejects_euclidean_division() {
        let f = rel(Rel::Eq, Expr::Arith { op: ArithOp::Mod, args: vec![val(0, 32), Expr::Num(2)] }, Expr::Num(0));
        let c = to_c(&program(), &f, &vars(), Style::Exact);
        assert_eq!(c.text, "1");
        assert!(c.weakened);
        assert_eq!(to_c(&program(), &f, &vars(), Style::Readable).text, "(x mod 2) == 0");
    }

    #[test]
    fn linear_forms_keep_positive_terms_left_and_tighten_strict_bounds() {
        // i + -1*n < 0  ~>  x < n ; x > -1 ~> x >= 0
        let minus_n = Expr::Arith { op: ArithOp::Mul, args: vec![Expr::Num(-1), val(1, 64)] };
        let f = rel(Rel::Lt, Expr::Arith { op: ArithOp::Add, args: vec![val(0, 32), minus_n] }, Expr::Num(0));
        assert_eq!(to_c(&program(), &f, &vars(), Style::Exact).text, "(long long)(int)x < (long long)n");
        let g = rel(Rel::Gt, val(0, 32), Expr::Num(-1));
        assert_eq!(to_c(&program(), &g, &vars(), Style::Readable).text, "x >= 0");
    }

    #[test]
    fn negations_and_exclusive_ors_keep_their_operands_together() {
        // (x < 5) xor (tmp < 3) is satisfiable; `!a <= 4` would read `(!a) <= 4`.
        let f = Expr::Xor(
            Box::new(rel(Rel::Lt, val(0, 32), Expr::Num(5))),
            Box::new(rel(Rel::Lt, val(1, 64), Expr::Num(3))),
        );
        let c = to_c(&program(), &f, &vars(), Style::Exact);
        assert_eq!(c.text, "(!((long long)(int)x <= 4) != !((long long)n <= 2))");
        let neg = Expr::Arith { op: ArithOp::Neg, args: vec![Expr::Num(-5)] };
        assert_eq!(to_c(&program(), &rel(Rel::Le, val(0, 32), neg), &vars(), Style::Readable).text, "x <= 5");
        let u = Expr::Value { signed: false, bits: 32, a: Box::new(Expr::Var(VarId(0), Sort::Int { bits: 32 })) };
        assert_eq!(
            to_c(&program(), &rel(Rel::Ge, u, Expr::Num(-1)), &vars(), Style::Exact).text,
            "(long long)(unsigned int)x >= -1"
        );
    }

    #[test]
    fn bit_vector_comparisons_cast_by_signedness() {
        let x = Expr::Var(VarId(0), Sort::Int { bits: 32 });
        let f =
            Expr::Cmp { pred: CmpPred::Ult, bits: 32, a: Box::new(x), b: Box::new(Expr::Int { value: -1, bits: 32 }) };
        let c = to_c(&program(), &f, &vars(), Style::Exact);
        assert_eq!(c.text, "(unsigned long long)(unsigned int)x < 4294967295LL");
    }

    /// Quantified region invariants read as such (`mem.a[k0]`), `exists` as
    /// Spacer's projections mean it; a witness cannot say them in C.
    #[test]
    fn quantified_cells_read_for_people_and_weaken_for_witnesses() {
        let mut p = program();
        p.vars.push(Var {
            name: "mem.a".into(),
            sort: Sort::Array { index: 64, elem: 32 },
            src_name: None,
            float: None,
        });
        let k = Expr::Bound { index: 0, sort: Sort::Num };
        let cell = Expr::Select {
            array: Box::new(Expr::Var(VarId(4), Sort::Array { index: 64, elem: 32 })),
            index: Box::new(k.clone()),
        };
        let cell = Expr::Value { signed: true, bits: 32, a: Box::new(cell) };
        // forall k. !(k < n && a[k] != 0)
        let body = Expr::negate(Expr::And(vec![
            rel(Rel::Lt, k.clone(), val(1, 64)),
            Expr::negate(rel(Rel::Eq, cell.clone(), Expr::Num(0))),
        ]));
        let all = Expr::Forall { sorts: vec![Sort::Num], body: Box::new(body) };
        let c = to_c(&p, &all, &vars(), Style::Readable);
        assert_eq!(c.text, "(forall k0. !(k0 < n && mem.a[k0] != 0))");
        // exists k. k == x && a[k] == 1, nested under a conjunction
        let some = Expr::negate(Expr::Forall {
            sorts: vec![Sort::Num],
            body: Box::new(Expr::negate(Expr::And(vec![
                rel(Rel::Eq, k.clone(), val(0, 32)),
                rel(Rel::Eq, cell, Expr::Num(1)),
            ]))),
        });
        let c = to_c(&p, &Expr::And(vec![rel(Rel::Ge, val(0, 32), Expr::Num(0)), some]), &vars(), Style::Readable);
        assert_eq!(c.text, "(x >= 0 && (exists k0. (k0 == x && mem.a[k0] == 1)))");
        let c = to_c(&p, &all, &vars(), Style::Exact);
        assert_eq!((c.text.as_str(), c.weakened), ("1", true));
    }
}
