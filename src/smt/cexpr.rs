//! Invariants as C expressions over source variables (DESIGN.md "Answers you can
//! trust": readable invariants in source terms, correctness witnesses).
//!
//! A certificate formula ranges over the canonical constants of a location's
//! in-scope SSA variables. Two renderings:
//! - [`Style::Readable`] names each variable by its source name where it has one
//!   (its SSA name otherwise) and prints every term, for people.
//! - [`Style::Exact`] is a C expression a witness validator can evaluate: each
//!   variable is cast so that C computes the value the integer semantics
//!   assigns it (the signed value of its bit pattern, in `long long`), and only
//!   variables with an unambiguous source name may occur. An atom that cannot be
//!   written this way (an SSA temporary, Z3's Euclidean `div`/`mod`, bit-vector
//!   arithmetic) is replaced by `1` where it occurs positively and by `0` where
//!   negatively: the result is implied by the formula, so it is still an
//!   invariant (possibly no longer inductive). [`CExpr::weakened`] says so.

use super::Formula;
use std::collections::HashMap;
use z3::ast::{Ast, Dynamic};

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
}

/// A rendered formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CExpr {
    pub text: String,
    /// Some atom was replaced by a constant (only in [`Style::Exact`]).
    pub weakened: bool,
}

/// Renders `f`; `vars` maps a canonical constant's name to its C variable
/// (constants missing from it are not expressible in [`Style::Exact`]).
/// [`to_c`] of a certificate's invariant, given as SMT-LIB text over the
/// canonical constants of `p` under `sem` (parsed in this thread's Z3 context).
pub fn text_to_c(
    p: &crate::ir::Program,
    sem: super::IntSemantics,
    text: &str,
    vars: &HashMap<String, CVar>,
    style: Style,
) -> Option<CExpr> {
    let canon = super::canon::Canon::new(p, &super::Lowerer::new(sem));
    canon.parse(text).ok().map(|f| to_c(&f, vars, style))
}

pub fn to_c(f: &Formula, vars: &HashMap<String, CVar>, style: Style) -> CExpr {
    let mut p = Printer { vars, style, weakened: false };
    let text = p.formula(&Dynamic::from_ast(f), true);
    CExpr { text, weakened: p.weakened }
}

struct Printer<'a> {
    vars: &'a HashMap<String, CVar>,
    style: Style,
    weakened: bool,
}

/// The operator of an application, by its SMT-LIB name (`Z3_get_decl_kind`
/// values differ between Z3 versions, names do not); `None` for a constant.
fn op(e: &Dynamic) -> Option<String> {
    if e.num_children() == 0 {
        return match e.as_bool().and_then(|b| b.as_bool()) {
            Some(true) => Some("true".into()),
            Some(false) => Some("false".into()),
            None => None,
        };
    }
    e.safe_decl().ok().map(|d| d.name())
}

/// Is `e` an uninterpreted constant (a variable)?
fn is_var(e: &Dynamic) -> bool {
    e.num_children() == 0
        && e.is_const()
        && op(e).is_none()
        && e.as_int().and_then(|i| i.as_i128()).is_none()
        && e.as_bv().and_then(|v| v.as_u64()).is_none()
}

/// The name of a constant, without SMT-LIB's `|...|` quotes.
fn symbol(e: &Dynamic) -> String {
    let n = e.decl().name();
    n.strip_prefix('|').and_then(|m| m.strip_suffix('|')).map(str::to_string).unwrap_or(n)
}

fn join(parts: Vec<String>, op: &str, empty: &str) -> String {
    match parts.len() {
        0 => empty.to_string(),
        1 => parts.into_iter().next().unwrap_or_default(),
        _ => format!("({})", parts.join(op)),
    }
}

impl Printer<'_> {
    /// A Boolean formula occurring with polarity `pos`, weakened where needed.
    fn formula(&mut self, e: &Dynamic, pos: bool) -> String {
        let ch = e.children();
        match op(e).as_deref() {
            Some("and") => join(ch.iter().map(|c| self.formula(c, pos)).collect(), " && ", "1"),
            Some("or") => join(ch.iter().map(|c| self.formula(c, pos)).collect(), " || ", "0"),
            Some("not") => match self.compare(&ch[0], true) {
                Some(s) => s,
                None => match self.formula(&ch[0], !pos).as_str() {
                    "0" => "1".to_string(),
                    "1" => "0".to_string(),
                    inner => format!("!{inner}"),
                },
            },
            Some("=>") => {
                let a = self.formula(&ch[0], !pos);
                let b = self.formula(&ch[1], pos);
                format!("(!{a} || {b})")
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

    /// A Boolean formula rendered exactly, or `None`.
    fn strict(&mut self, e: &Dynamic) -> Option<String> {
        let ch = e.children();
        let all = |p: &mut Self, op: &str, empty: &str| -> Option<String> {
            let parts: Option<Vec<String>> = ch.iter().map(|c| p.strict(c)).collect();
            Some(join(parts?, op, empty))
        };
        if is_var(e) {
            return self.var(e);
        }
        match op(e)?.as_str() {
            "true" => Some(self.constant(true).into()),
            "false" => Some(self.constant(false).into()),
            "and" => all(self, " && ", "1"),
            "or" => all(self, " || ", "0"),
            "not" => match self.compare(&ch[0], true) {
                Some(s) => Some(s),
                None => Some(format!("!{}", self.strict(&ch[0])?)),
            },
            "=>" => Some(format!("(!{} || {})", self.strict(&ch[0])?, self.strict(&ch[1])?)),
            "xor" => Some(format!("(!{} != !{})", self.strict(&ch[0])?, self.strict(&ch[1])?)),
            "=" | "iff" if ch[0].as_bool().is_some() => {
                Some(format!("(!{} == !{})", self.strict(&ch[0])?, self.strict(&ch[1])?))
            }
            "ite" => Some(format!("({} ? {} : {})", self.strict(&ch[0])?, self.strict(&ch[1])?, self.strict(&ch[2])?)),
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
    fn compare(&mut self, e: &Dynamic, neg: bool) -> Option<String> {
        let ch = e.children();
        let k = op(e)?;
        let (op, signed) = match (k.as_str(), neg) {
            ("=", false) | ("distinct", true) => ("==", true),
            ("=", true) | ("distinct", false) => ("!=", true),
            ("<=" | "bvsle", false) | (">" | "bvsgt", true) => ("<=", true),
            ("<" | "bvslt", false) | (">=" | "bvsge", true) => ("<", true),
            (">=" | "bvsge", false) | ("<" | "bvslt", true) => (">=", true),
            (">" | "bvsgt", false) | ("<=" | "bvsle", true) => (">", true),
            ("bvule", false) | ("bvugt", true) => ("<=", false),
            ("bvult", false) | ("bvuge", true) => ("<", false),
            ("bvuge", false) | ("bvult", true) => (">=", false),
            ("bvugt", false) | ("bvule", true) => (">", false),
            _ => return None,
        };
        if ch.len() != 2 || ch[0].as_bool().is_some() {
            return None;
        }
        if ch[0].as_int().is_some() {
            if let Some(s) = self.linear_compare(&ch[0], op, &ch[1]) {
                return Some(s);
            }
        }
        let a = self.term(&ch[0], signed)?;
        let b = self.term(&ch[1], signed)?;
        Some(format!("{a} {op} {b}"))
    }

    /// A variable: its name, cast for [`Style::Exact`].
    fn var(&self, e: &Dynamic) -> Option<String> {
        let name = symbol(e);
        match (self.vars.get(&name), self.style) {
            (Some(v), Style::Readable) => Some(v.name.clone()),
            (None, Style::Readable) => Some(name),
            (Some(v), Style::Exact) => Some(cast_var(v, true)),
            (None, Style::Exact) => None,
        }
    }

    /// An integer term, read as signed (or unsigned, for unsigned bit-vector
    /// comparisons).
    fn term(&mut self, e: &Dynamic, signed: bool) -> Option<String> {
        if let Some(i) = e.as_int() {
            if let Some(n) = i.as_i128() {
                return self.numeral(n);
            }
        }
        if let Some(v) = e.as_bv() {
            if let Some(u) = v.as_u64() {
                let bits = v.get_size();
                let n = u as i128;
                let n = if signed && bits < 128 && n >= (1i128 << (bits - 1)) { n - (1i128 << bits) } else { n };
                return self.numeral(n);
            }
        }
        let ch = e.children();
        let readable = self.style == Style::Readable;
        let bv = e.as_bv().is_some();
        if is_var(e) {
            if bv && !signed && !readable {
                return self.vars.get(&symbol(e)).map(|v| cast_var(v, false));
            }
            return self.var(e);
        }
        match op(e)?.as_str() {
            "-" if ch.len() == 1 && !bv => Some(format!("-{}", self.term(&ch[0], signed)?)),
            "bvneg" if readable => Some(format!("-{}", self.term(&ch[0], signed)?)),
            "+" if !bv => self.nary(&ch, " + ", signed),
            "-" if !bv => self.nary(&ch, " - ", signed),
            "*" if !bv => self.nary(&ch, " * ", signed),
            "bvadd" if readable => self.nary(&ch, " + ", signed),
            "bvsub" if readable => self.nary(&ch, " - ", signed),
            "bvmul" if readable => self.nary(&ch, " * ", signed),
            "div" if readable => self.nary(&ch, " div ", signed),
            "mod" if readable => self.nary(&ch, " mod ", signed),
            "rem" if readable => self.nary(&ch, " rem ", signed),
            "ite" if !bv || readable => {
                let c = self.strict(&ch[0])?;
                Some(format!("({c} ? {} : {})", self.term(&ch[1], signed)?, self.term(&ch[2], signed)?))
            }
            _ if readable => Some(e.to_string()),
            _ => None,
        }
    }

    /// `a op b` over integers as `P op N + c` with the positive-coefficient terms
    /// of `a - b` on the left (`i + -1*n < 0` becomes `i < n`).
    fn linear_compare(&mut self, a: &Dynamic, op: &str, b: &Dynamic) -> Option<String> {
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
    fn linear(&mut self, e: &Dynamic, sign: i128, terms: &mut Vec<(i128, String)>, c: &mut i128) -> Option<()> {
        if let Some(n) = e.as_int().and_then(|i| i.as_i128()) {
            *c = c.checked_add(sign.checked_mul(n)?)?;
            return Some(());
        }
        let ch = e.children();
        match op(e).as_deref() {
            Some("+") => ch.iter().try_for_each(|x| self.linear(x, sign, terms, c)),
            Some("-") if ch.len() == 1 => self.linear(&ch[0], -sign, terms, c),
            Some("-") => {
                self.linear(&ch[0], sign, terms, c)?;
                ch[1..].iter().try_for_each(|x| self.linear(x, -sign, terms, c))
            }
            Some("*") if ch.len() == 2 => match ch[0].as_int().and_then(|i| i.as_i128()) {
                Some(k) => self.linear(&ch[1], sign.checked_mul(k)?, terms, c),
                None => {
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

    fn nary(&mut self, ch: &[Dynamic], op: &str, signed: bool) -> Option<String> {
        let parts: Option<Vec<String>> = ch.iter().map(|c| self.term(c, signed)).collect();
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
    let (wide, narrow) = match (signed, v.bits) {
        (true, 8) => ("long long", Some("signed char")),
        (true, 16) => ("long long", Some("short")),
        (true, 32) => ("long long", Some("int")),
        (true, _) => ("long long", None),
        (false, 8) => ("unsigned long long", Some("unsigned char")),
        (false, 16) => ("unsigned long long", Some("unsigned short")),
        (false, 32) => ("unsigned long long", Some("unsigned int")),
        (false, _) => ("unsigned long long", None),
    };
    match narrow {
        Some(n) => format!("({wide})({n}){}", v.name),
        None => format!("({wide}){}", v.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::{Bool, Int};

    fn vars() -> HashMap<String, CVar> {
        let mut m = HashMap::new();
        m.insert("x.0".to_string(), CVar { name: "x".into(), bits: 32 });
        m.insert("n".to_string(), CVar { name: "n".into(), bits: 64 });
        m
    }

    #[test]
    fn readable_uses_source_names_and_flips_negated_comparisons() {
        let x = Int::new_const("x.0");
        let n = Int::new_const("n");
        let f = Bool::and(&[x.ge(Int::from_i64(0)), x.le(&n).not()]);
        let c = to_c(&f, &vars(), Style::Readable);
        assert_eq!(c.text, "(x >= 0 && x > n)");
        assert!(!c.weakened);
    }

    #[test]
    fn exact_casts_and_weakens_by_polarity() {
        let x = Int::new_const("x.0");
        let t = Int::new_const("tmp");
        // x >= 0 && !(tmp <= 3): tmp has no source name; the atom occurs
        // negatively... but `not` of a comparison is a comparison, so it occurs
        // positively as `tmp > 3` and becomes 1.
        let f = Bool::and(&[x.ge(Int::from_i64(0)), t.le(Int::from_i64(3)).not()]);
        let c = to_c(&f, &vars(), Style::Exact);
        assert_eq!(c.text, "((long long)(int)x >= 0 && 1)");
        assert!(c.weakened);
        // !(x >= 0 && tmp > 3)... an unprintable atom under negation becomes 0.
        let g = Bool::and(&[x.ge(Int::from_i64(0)), Bool::new_const("b!1")]).not();
        let c = to_c(&g, &vars(), Style::Exact);
        assert_eq!(c.text, "!((long long)(int)x >= 0 && 0)");
    }

    #[test]
    fn exact_rejects_euclidean_division() {
        let x = Int::new_const("x.0");
        let f = x.modulo(Int::from_i64(2)).eq(Int::from_i64(0));
        let c = to_c(&f, &vars(), Style::Exact);
        assert_eq!(c.text, "1");
        assert!(c.weakened);
        assert_eq!(to_c(&f, &vars(), Style::Readable).text, "(x mod 2) == 0");
    }
}
