//! The inputs a real C program reads (DESIGN.md "Builtins"): `scanf` formats,
//! and how a trace's inputs become what a run of the program is given — the
//! command-line arguments, the bytes of standard input, and the values the
//! replay harness returns from `__VERIFIER_nondet_*`, `rand`, `random`, `time`.
//!
//! The frontend models a `scanf` on standard input whose conversions are all
//! integers ([`parse_scanf`]) as a result in `[-1, n]` and one value per
//! conversion; [`RunInputs::of`] writes standard input back from those values
//! so that the real `scanf` reads them. The rendering is a best effort: the
//! replay of the real program decides whether the trace is a bug, so a text the
//! C library reads differently makes the answer UNKNOWN, never wrong.
//!
//! Architecture invariant: knows nothing of LLVM or Z3.

use crate::ir::InputSource;
use crate::trace::Input;

/// A conversion of a `scanf` format: an integer, a character or a float.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conversion {
    /// `%d`: a signed decimal.
    Decimal,
    /// `%i`: a signed integer, base by prefix (written back as decimal).
    Integer,
    /// `%u`: an unsigned decimal.
    Unsigned,
    /// `%x`/`%X`: hexadecimal.
    Hex,
    /// `%o`: octal.
    Octal,
    /// `%c` (width 1): one byte, whitespace included.
    Char,
    /// `%f`/`%e`/`%g`/`%a` (a `float`, 32 bits) or with `l` (a `double`,
    /// 64 bits): the value's IEEE-754 bits, written back as the shortest
    /// decimal that reads back to them.
    Float,
}

/// One directive of a `scanf` format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Directive {
    /// Whitespace: skips any amount of whitespace in the input.
    Space,
    /// An ordinary character (or `%%`): must come next in the input.
    Literal(u8),
    /// A conversion storing `bits` bits, unless suppressed (`%*d`).
    Convert { conv: Conversion, bits: u32, assigns: bool },
}

/// The directives of a `scanf` format whose conversions are all integers or
/// single characters; `None` for any other conversion (`%s`, `%[`, `%f`, `%n`,
/// `%p`, a width on `%c`, ...), which ufo does not model. `long_bits` is the
/// width of `long` (64 under LP64, 32 under ILP32).
pub fn parse_scanf(format: &str, long_bits: u32) -> Option<Vec<Directive>> {
    let b = format.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            if out.last() != Some(&Directive::Space) {
                out.push(Directive::Space);
            }
            i += 1;
            continue;
        }
        if c != b'%' {
            out.push(Directive::Literal(c));
            i += 1;
            continue;
        }
        i += 1;
        if b.get(i) == Some(&b'%') {
            out.push(Directive::Literal(b'%'));
            i += 1;
            continue;
        }
        let assigns = b.get(i) != Some(&b'*');
        if !assigns {
            i += 1;
        }
        let width_start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let width: Option<usize> = format.get(width_start..i).and_then(|w| w.parse().ok());
        let (bits, len) = match (b.get(i), b.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => (Some(8), 2),
            (Some(b'h'), _) => (Some(16), 1),
            (Some(b'l'), Some(b'l')) => (Some(64), 2),
            (Some(b'l' | b'z' | b't'), _) => (Some(long_bits), 1),
            (Some(b'j' | b'q' | b'L'), _) => (Some(64), 1),
            _ => (None, 0),
        };
        i += len;
        let conv = match b.get(i)? {
            // (a `long double`'s `%Lf` is not read)
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let bits = match (len, b.get(i - len)) {
                    (0, _) => 32,
                    (1, Some(b'l')) => 64,
                    _ => return None,
                };
                i += 1;
                out.push(Directive::Convert { conv: Conversion::Float, bits, assigns });
                continue;
            }
            b'd' => Conversion::Decimal,
            b'i' => Conversion::Integer,
            b'u' => Conversion::Unsigned,
            b'x' | b'X' => Conversion::Hex,
            b'o' => Conversion::Octal,
            b'c' if bits.is_none() && width.is_none_or(|w| w == 1) => Conversion::Char,
            _ => return None,
        };
        i += 1;
        let bits = if conv == Conversion::Char { 8 } else { bits.unwrap_or(32) };
        out.push(Directive::Convert { conv, bits, assigns });
    }
    Some(out)
}

/// The number of conversions of a format that assign (what `scanf` returns on success).
pub fn assigned(directives: &[Directive]) -> usize {
    directives.iter().filter(|d| matches!(d, Directive::Convert { assigns: true, .. })).count()
}

/// What one run of the program is given.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RunInputs {
    /// The command-line arguments after the program's name, as bytes (an
    /// argument's characters past ASCII are what the engines found, not
    /// UTF-8 text).
    #[serde(serialize_with = "as_texts")]
    pub args: Vec<Vec<u8>>,
    /// The bytes of standard input (the input ends after them).
    #[serde(serialize_with = "as_text")]
    pub stdin: Vec<u8>,
    /// Whether anything reads standard input on the path.
    pub reads_stdin: bool,
    /// The values the harness returns, in call order, with the function.
    pub harness: Vec<(String, i128)>,
    /// Environment variables the run sets (to the value) or removes (`None`).
    pub env: Vec<(String, Option<String>)>,
}

/// The value a replay gives an environment variable the program only tests.
pub const ENV_VALUE: &str = "1";

fn as_text<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&String::from_utf8_lossy(b))
}

fn as_texts<S: serde::Serializer>(bs: &[Vec<u8>], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(bs.iter().map(|b| String::from_utf8_lossy(b)))
}

/// How much a replay passes to the program (`--max-args`, `--max-arg-len`,
/// `--max-stdin`). They bound the replay only, never the model: a SAFE answer
/// holds for every command line and every input, and a counterexample that
/// needs more than these is reported as UNKNOWN, not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayLimits {
    pub max_args: usize,
    pub max_arg_len: usize,
    pub max_stdin: usize,
}

impl Default for ReplayLimits {
    fn default() -> Self {
        ReplayLimits { max_args: 64, max_arg_len: 4096, max_stdin: 1 << 20 }
    }
}

impl RunInputs {
    /// Why this run exceeds the limits, if it does.
    pub fn exceeds(&self, l: &ReplayLimits) -> Option<String> {
        if self.args.len() > l.max_args {
            return Some(format!("it needs {} arguments (--max-args {})", self.args.len(), l.max_args));
        }
        if let Some(a) = self.args.iter().find(|a| a.len() > l.max_arg_len) {
            return Some(format!("it needs an argument of {} bytes (--max-arg-len {})", a.len(), l.max_arg_len));
        }
        if self.stdin.len() > l.max_stdin {
            return Some(format!(
                "it needs {} bytes of standard input (--max-stdin {})",
                self.stdin.len(),
                l.max_stdin
            ));
        }
        None
    }
}

/// The argument a replay passes for each of `argc - 1` arguments.
pub const ARGUMENT: &[u8] = b"a";

/// The longest command-line argument Linux passes (`MAX_ARG_STRLEN`, 32
/// pages of 4096 bytes with its NUL: `execve` refuses a longer one with
/// `E2BIG`); the model's argument strings are at most this long.
pub const MAX_ARGUMENT_LENGTH: i128 = 32 * 4096 - 1;

impl RunInputs {
    /// The run a trace's inputs (in call order) describe.
    pub fn of(inputs: &[Input]) -> RunInputs {
        let mut run = RunInputs::default();
        let mut stdin = Stdin::default();
        // (each argument's bytes by position)
        let mut argv_bytes: std::collections::BTreeMap<usize, std::collections::BTreeMap<usize, u8>> =
            Default::default();
        let mut argv_lengths: std::collections::BTreeMap<usize, usize> = Default::default();
        let mut i = 0;
        while i < inputs.len() {
            let input = &inputs[i];
            i += 1;
            match &input.source {
                InputSource::Nondet | InputSource::Library { .. } | InputSource::External { .. } => {
                    run.harness.push((input.func.clone(), input.value))
                }
                InputSource::Argc => {
                    let n = (input.value - 1).clamp(0, 1 << 16) as usize;
                    run.args.resize(n, ARGUMENT.to_vec());
                }
                InputSource::ArgvNumber { index } if *index <= 1 << 16 => {
                    if run.args.len() < *index {
                        run.args.resize(*index, ARGUMENT.to_vec());
                    }
                    run.args[index - 1] = input.value.to_string().into_bytes();
                }
                InputSource::ArgvNumber { .. } => {}
                InputSource::ArgvByte { index, pos } => {
                    argv_bytes.entry(*index).or_default().insert(*pos, input.value as u8);
                }
                InputSource::ArgvLength { index } => {
                    argv_lengths.insert(*index, input.value.clamp(0, MAX_ARGUMENT_LENGTH) as usize);
                }
                InputSource::StdinChar => {
                    run.reads_stdin = true;
                    stdin.byte(input.value);
                }
                InputSource::StdinLine => {
                    run.reads_stdin = true;
                    stdin.line(input.value != 0);
                }
                InputSource::StdinRead => {
                    run.reads_stdin = true;
                    stdin.block(input.value);
                }
                InputSource::Env { name } => {
                    let value = (input.value != 0).then(|| ENV_VALUE.to_string());
                    match run.env.iter_mut().find(|(n, _)| n == name) {
                        Some(e) => e.1 = value,
                        None => run.env.push((name.clone(), value)),
                    }
                }
                InputSource::ScanfResult { format } => {
                    run.reads_stdin = true;
                    // The conversions' values follow their call's result.
                    let mut values = Vec::new();
                    while let Some(InputSource::ScanfValue { format: f, index }) = inputs.get(i).map(|x| &x.source) {
                        if f != format || *index != values.len() {
                            break;
                        }
                        values.push(inputs[i].value);
                        i += 1;
                    }
                    let next_skips_space = next_stdin_skips_space(&inputs[i..]);
                    stdin.scanf(format, input.value, &values, next_skips_space);
                }
                InputSource::ScanfValue { .. } => {}
            }
        }
        run.stdin = stdin.bytes;
        // an argument is its bytes up to the first NUL or its length, then
        // `x`s up to its length where the model follows no byte (those of
        // `argv[k]` for `k >= argc` are not passed)
        for index in argv_bytes.keys().chain(argv_lengths.keys()).copied().collect::<std::collections::BTreeSet<_>>() {
            if index == 0 || index > run.args.len() {
                continue;
            }
            let length = argv_lengths.get(&index).copied();
            let bytes = argv_bytes.remove(&index).unwrap_or_default();
            let mut arg = Vec::new();
            while length.is_none_or(|n| arg.len() < n) {
                match bytes.get(&arg.len()) {
                    Some(0) => break,
                    Some(b) => arg.push(*b),
                    None if length.is_some() => arg.push(b'x'),
                    None => break,
                }
            }
            run.args[index - 1] = arg;
        }
        run
    }

    /// Standard input as a user reads it: a C string literal.
    pub fn stdin_text(&self) -> String {
        let mut s = String::from("\"");
        for &b in &self.stdin {
            match b {
                b'\n' => s.push_str("\\n"),
                b'\t' => s.push_str("\\t"),
                b'"' => s.push_str("\\\""),
                b'\\' => s.push_str("\\\\"),
                0x20..=0x7e => s.push(b as char),
                _ => s.push_str(&format!("\\x{b:02x}")),
            }
        }
        s.push('"');
        s
    }
}

/// The inputs with each command-line argument longer than the bytes the
/// model follows of it cut to those bytes (`None` if none is longer). A
/// solver picks any length the path allows, often the longest Linux passes;
/// the replay tries the short one first (`check`), which proves as much
/// where it reaches the error.
pub fn with_short_arguments(inputs: &[Input]) -> Option<Vec<Input>> {
    let mut followed: std::collections::BTreeMap<usize, i128> = Default::default();
    for i in inputs {
        if let InputSource::ArgvByte { index, pos } = &i.source {
            let n = followed.entry(*index).or_default();
            *n = (*n).max(*pos as i128 + 1);
        }
    }
    let mut cut = false;
    let out = inputs
        .iter()
        .cloned()
        .map(|mut i| {
            if let InputSource::ArgvLength { index } = &i.source {
                let n = followed.get(index).copied().unwrap_or(0);
                cut |= i.value > n;
                i.value = i.value.min(n);
            }
            i
        })
        .collect();
    cut.then_some(out)
}

/// The inputs a user is shown: all but the bytes of a command-line
/// argument after its end (its first NUL) and those of arguments the run
/// does not pass (`argv[k]` for `k >= argc`), which the program never
/// reads.
pub fn shown(inputs: &[Input]) -> impl Iterator<Item = &Input> {
    let argc = inputs.iter().find(|i| i.source == InputSource::Argc).map(|i| i.value);
    // (an argument ends at its first NUL byte, or at its length before it)
    let mut nuls: std::collections::BTreeMap<usize, usize> = Default::default();
    let mut ends: std::collections::BTreeMap<usize, usize> = Default::default();
    for i in inputs {
        let (index, end) = match (&i.source, i.value) {
            (InputSource::ArgvByte { index, pos }, v) if v as u8 == 0 => {
                let nul = nuls.entry(*index).or_insert(*pos);
                *nul = (*nul).min(*pos);
                (*index, *pos)
            }
            (InputSource::ArgvLength { index }, n) => (*index, n.clamp(0, MAX_ARGUMENT_LENGTH) as usize),
            _ => continue,
        };
        let at = ends.entry(index).or_insert(end);
        *at = (*at).min(end);
    }
    inputs.iter().filter(move |i| match &i.source {
        InputSource::ArgvByte { index, pos } => {
            argc.is_none_or(|n| (*index as i128) < n)
                && ends.get(index).is_none_or(|end| pos < end || (pos == end && i.value as u8 == 0))
        }
        InputSource::ArgvLength { index } => {
            argc.is_none_or(|n| (*index as i128) < n) && nuls.get(index).is_none_or(|nul| *nul as i128 >= i.value)
        }
        _ => true,
    })
}

/// The C literal of a float from its bits (a `float`'s if `single`), exact
/// enough to read back the same value, and the bits: `-1.0 (bits
/// 0xbff0000000000000)`, `3.1415927f`, `NAN`.
fn float_literal(bits: i128, single: bool) -> String {
    use crate::ir::{float::c_literal, FloatFormat};
    let format = if single { FloatFormat::Single } else { FloatFormat::Double };
    let hex = if single { format!("{:#010x}", bits as u32) } else { format!("{:#018x}", bits as u64) };
    format!("{} (bits {hex})", c_literal(format, bits).unwrap_or_default())
}

/// The value of a nondet call's result as a C condition on `\result` (a
/// witness's constraint): `\result == 7`; a `double`'s or `float`'s as its
/// literal (`\result == 0.1`), a NaN as `\result != \result`, an
/// infinity as beyond the largest finite value.
pub fn result_constraint(i: &Input) -> String {
    use crate::ir::{float::c_literal, FloatFormat};
    let format = if i.func.ends_with("_double") {
        FloatFormat::Double
    } else if i.func.ends_with("_float") {
        FloatFormat::Single
    } else {
        return format!("\\result == {}", i.value);
    };
    match c_literal(format, i.value).as_deref() {
        Some("NAN") => "\\result != \\result".into(),
        Some("INFINITY") => "\\result > 1.7976931348623157e308".into(),
        Some("-INFINITY") => "\\result < -1.7976931348623157e308".into(),
        Some(text) => format!("\\result == {text}"),
        None => format!("\\result == {}", i.value),
    }
}

/// An input as a user reads it: `rand() = 7`, `argc = 3`, `scanf("%d") reads 42`.
pub fn describe(i: &Input) -> String {
    match &i.source {
        InputSource::Nondet if i.func.ends_with("_double") || i.func.ends_with("_float") => {
            format!("{}() = {}", i.func, float_literal(i.value, i.func.ends_with("_float")))
        }
        InputSource::Library { function } if matches!(function.as_str(), "malloc" | "calloc" | "realloc") => {
            if i.value == 0 {
                format!("{function}() returns a block")
            } else {
                format!("{function}() fails: it returns NULL")
            }
        }
        InputSource::Nondet | InputSource::Library { .. } | InputSource::External { .. } => {
            format!("{}() = {}", i.func, i.value)
        }
        InputSource::Argc => format!("argc = {}", i.value),
        InputSource::ArgvNumber { index } => format!("argv[{index}] = \"{}\" ({}() = {})", i.value, i.func, i.value),
        InputSource::ArgvByte { index, pos } => match i.value as u8 {
            0 => format!("argv[{index}][{pos}] = 0 (its end)"),
            b @ 0x20..=0x7e => format!("argv[{index}][{pos}] = '{}'", b as char),
            b => format!("argv[{index}][{pos}] = {b}"),
        },
        InputSource::ArgvLength { index } => format!("strlen(argv[{index}]) = {}", i.value),
        InputSource::ScanfResult { format } => format!("{}({format:?}) returns {}", i.func, i.value),
        InputSource::ScanfValue { format, index } => {
            let conversion = parse_scanf(format, 64)
                .and_then(|ds| ds.into_iter().filter(|d| matches!(d, Directive::Convert { .. })).nth(*index));
            // (an integer as the text the replay writes: the model's value in
            // the conversion's width, as the program stores it)
            let value = match conversion {
                Some(Directive::Convert { conv: Conversion::Float, bits, .. }) => float_literal(i.value, bits == 32),
                Some(Directive::Convert { conv: Conversion::Char, .. }) => i.value.to_string(),
                Some(Directive::Convert { conv, bits, .. }) => render(conv, bits, i.value),
                _ => i.value.to_string(),
            };
            format!("{}({format:?}) conversion {} reads {value}", i.func, index + 1)
        }
        InputSource::StdinChar if (0x20..0x7f).contains(&i.value) => {
            format!("{}() = {} ('{}')", i.func, i.value, i.value as u8 as char)
        }
        InputSource::StdinChar if i.value < 0 => format!("{}() = EOF", i.func),
        InputSource::StdinChar => format!("{}() = {}", i.func, i.value),
        InputSource::Env { name } if i.value != 0 => format!("getenv({name:?}) is set"),
        InputSource::Env { name } => format!("getenv({name:?}) = NULL"),
        InputSource::StdinRead => format!("{}(0, ..) = {}", i.func, i.value),
        InputSource::StdinLine if i.value != 0 => format!("{}() reads a line", i.func),
        InputSource::StdinLine => format!("{}() = NULL (end of input)", i.func),
    }
}

impl RunInputs {
    /// The command line and standard input of the run, as a shell would take
    /// them (`None` if the run needs neither arguments nor input).
    pub fn command_line(&self) -> Option<String> {
        if self.args.is_empty() && !self.reads_stdin && self.env.is_empty() {
            return None;
        }
        // env(1): options (-u NAME) before assignments (NAME=VALUE)
        let unset = self.env.iter().filter(|(_, v)| v.is_none()).map(|(n, _)| format!("-u {n} "));
        let set = self.env.iter().filter_map(|(n, v)| Some(format!("{n}={} ", v.as_ref()?)));
        let env: Vec<String> = if self.env.is_empty() {
            Vec::new()
        } else {
            std::iter::once("env ".into()).chain(unset).chain(set).collect()
        };
        let args: Vec<String> = self.args.iter().map(|a| format!(" {}", shell_argument(a))).collect();
        let stdin =
            if self.reads_stdin { format!(" with standard input {}", self.stdin_text()) } else { String::new() };
        Some(format!("{}./program{}{stdin}", env.concat(), args.concat()))
    }
}

/// An argument as one word of a bash command line: [`shell_word`], but a
/// long run of `x`s at its end (where the model follows no byte:
/// [`RunInputs::of`]) as `printf` writes it.
fn shell_argument(a: &[u8]) -> String {
    let xs = a.iter().rev().take_while(|b| **b == b'x').count();
    if xs <= 16 {
        return shell_word(a);
    }
    let head = &a[..a.len() - xs];
    let head = if head.is_empty() { String::new() } else { shell_word(head) };
    format!("{head}\"$(printf 'x%.0s' {{1..{xs}}})\"")
}

/// `a` as one word of a shell command line: `'a'`, or bash's `$'...'` with
/// escapes where it has a quote, a control character or a byte past ASCII
/// (each such byte as itself: `\xff`, so that the shell passes exactly it).
fn shell_word(a: &[u8]) -> String {
    if a.iter().all(|&c| c == b' ' || (c.is_ascii_graphic() && c != b'\'')) {
        return format!("'{}'", String::from_utf8_lossy(a));
    }
    let mut out = String::from("$'");
    for &c in a {
        match c {
            b'\'' | b'\\' => {
                out.push('\\');
                out.push(c as char);
            }
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b' ' => out.push(' '),
            c if c.is_ascii_graphic() => out.push(c as char),
            c => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push('\'');
    out
}

/// Does the next read of standard input start by skipping whitespace (a
/// numeric conversion or a whitespace directive), so that a line break may
/// end the previous one?
fn next_stdin_skips_space(rest: &[Input]) -> bool {
    for x in rest {
        match &x.source {
            InputSource::StdinChar | InputSource::StdinLine | InputSource::StdinRead => return false,
            InputSource::ScanfResult { format } => {
                return match parse_scanf(format, 64).as_deref().and_then(|d| d.first().cloned()) {
                    Some(Directive::Space) => true,
                    Some(Directive::Convert { conv, .. }) => conv != Conversion::Char,
                    _ => false,
                };
            }
            _ => {}
        }
    }
    true
}

/// Standard input being written: bytes, and whether it has ended.
#[derive(Default)]
struct Stdin {
    bytes: Vec<u8>,
    ended: bool,
}

impl Stdin {
    fn push(&mut self, s: &[u8]) {
        if !self.ended {
            self.bytes.extend_from_slice(s);
        }
    }

    /// A byte `getchar` read; -1 ends the input.
    fn byte(&mut self, v: i128) {
        if v < 0 {
            self.ended = true;
        } else {
            self.push(&[v as u8]);
        }
    }

    /// What `read` returned: that many bytes (`a`), or the end of the input
    /// (an error, -1, is not replayed).
    fn block(&mut self, n: i128) {
        if n == 0 {
            self.ended = true;
        } else if n > 0 {
            self.push(&vec![b'a'; n.min(1 << 20) as usize]);
        }
    }

    /// What `fgets` read: an empty line, or the end of the input.
    fn line(&mut self, got_one: bool) {
        if got_one {
            self.push(b"\n");
        } else {
            self.ended = true;
        }
    }

    /// What a `scanf(format)` that returned `result` with these conversion
    /// values read.
    fn scanf(&mut self, format: &str, result: i128, values: &[i128], next_skips_space: bool) {
        if result < 0 {
            self.ended = true;
            return;
        }
        let Some(directives) = parse_scanf(format, 64) else { return };
        let mut assigned = 0i128;
        let mut conv_index = 0;
        let mut last_numeric = false;
        for d in &directives {
            match d {
                Directive::Space => {
                    self.push(b" ");
                    last_numeric = false;
                }
                Directive::Literal(c) => {
                    self.push(&[*c]);
                    last_numeric = false;
                }
                Directive::Convert { conv, bits, assigns } => {
                    if *assigns && assigned == result {
                        // The conversion that failed: a byte it cannot read.
                        self.push(if *conv == Conversion::Char { b"" } else { b"?" });
                        return;
                    }
                    let v = values.get(conv_index).copied().unwrap_or(0);
                    conv_index += 1;
                    if *conv != Conversion::Char && last_numeric {
                        self.push(b" ");
                    }
                    self.push(render(*conv, *bits, v).as_bytes());
                    last_numeric = *conv != Conversion::Char;
                    assigned += i128::from(*assigns);
                }
            }
        }
        if last_numeric && next_skips_space {
            self.push(b"\n");
        }
    }
}

/// A conversion's value as the text `scanf` reads back into it.
fn render(conv: Conversion, bits: u32, v: i128) -> String {
    let bits = bits.clamp(1, 128);
    let unsigned = v as u128 & (u128::MAX >> (128 - bits));
    let signed = crate::ir::eval::signed_of(unsigned, bits);
    match conv {
        Conversion::Decimal | Conversion::Integer => signed.to_string(),
        Conversion::Unsigned => unsigned.to_string(),
        Conversion::Hex => format!("{unsigned:x}"),
        Conversion::Octal => format!("{unsigned:o}"),
        Conversion::Char => String::from_utf8_lossy(&[unsigned as u8]).into_owned(),
        // (`strtod` reads `nan`, `inf`, `-inf` and C's decimals, `f` suffix not)
        Conversion::Float => {
            use crate::ir::{float::c_literal, FloatFormat};
            let format = if bits == 32 { FloatFormat::Single } else { FloatFormat::Double };
            match c_literal(format, signed).unwrap_or_default().as_str() {
                "NAN" => "nan".into(),
                "INFINITY" => "inf".into(),
                "-INFINITY" => "-inf".into(),
                text => text.trim_end_matches('f').into(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_shown_as_a_shell_reads_them() {
        assert_eq!(shell_word(b"boom x"), "'boom x'");
        assert_eq!(shell_word(b"\x02\x01"), "$'\\x02\\x01'");
        assert_eq!(shell_word(b"it's\n"), "$'it\\'s\\n'");
        assert_eq!(shell_word("\u{e9}".as_bytes()), "$'\\xc3\\xa9'");
        // a byte past ASCII that is no UTF-8 is passed as itself
        assert_eq!(shell_word(b"\xff"), "$'\\xff'");
    }

    #[test]
    fn a_float_input_is_shown_as_its_c_literal_and_its_bits() {
        assert_eq!(float_literal(i128::from((-1.0f64).to_bits()), false), "-1.0 (bits 0xbff0000000000000)");
        assert_eq!(float_literal(0x40490fdb, true), "3.1415927f (bits 0x40490fdb)");
        assert_eq!(float_literal(0x7ff8000000000000, false), "NAN (bits 0x7ff8000000000000)");
        assert_eq!(float_literal(0xff800000, true), "-INFINITY (bits 0xff800000)");
        // a negative value of the trace (an i64's bits) is the same double
        assert_eq!(float_literal(-4616189618054758400, false), "-1.0 (bits 0xbff0000000000000)");
    }
    use crate::error::SrcLoc;

    fn input(source: InputSource, value: i128) -> Input {
        Input { func: "f".into(), source, value, at: SrcLoc::default(), function: String::new() }
    }

    #[test]
    fn formats_with_integer_conversions_parse_and_others_do_not() {
        let d = parse_scanf("%d,%hhx %*u%lld%c", 64).unwrap();
        assert_eq!(d.len(), 7);
        assert_eq!(d[0], Directive::Convert { conv: Conversion::Decimal, bits: 32, assigns: true });
        assert_eq!(d[1], Directive::Literal(b','));
        assert_eq!(d[2], Directive::Convert { conv: Conversion::Hex, bits: 8, assigns: true });
        assert_eq!(d[3], Directive::Space);
        assert_eq!(d[4], Directive::Convert { conv: Conversion::Unsigned, bits: 32, assigns: false });
        assert_eq!(d[5], Directive::Convert { conv: Conversion::Decimal, bits: 64, assigns: true });
        assert_eq!(assigned(&d), 4);
        assert_eq!(
            parse_scanf("%ld", 32).unwrap()[0],
            Directive::Convert { conv: Conversion::Decimal, bits: 32, assigns: true }
        );
        for bad in ["%s", "%d %Lf", "%5c", "%[a-z]", "%n", "%p", "%lc", "%hf", "%"] {
            assert_eq!(parse_scanf(bad, 64), None, "{bad}");
        }
        // `%f` reads a float, `%lf` a double whatever the data model
        let f = parse_scanf("%f %lg%*e", 32).unwrap();
        assert_eq!(f[0], Directive::Convert { conv: Conversion::Float, bits: 32, assigns: true });
        assert_eq!(f[2], Directive::Convert { conv: Conversion::Float, bits: 64, assigns: true });
        assert_eq!(f[3], Directive::Convert { conv: Conversion::Float, bits: 32, assigns: false });
    }

    #[test]
    fn a_float_result_is_constrained_by_its_value_in_a_witness() {
        let nondet = |func: &str, value: i128| Input { func: func.into(), ..input(InputSource::Nondet, value) };
        assert_eq!(result_constraint(&nondet("__VERIFIER_nondet_int", -3)), "\\result == -3");
        let d = |x: f64| i128::from(x.to_bits() as i64);
        assert_eq!(result_constraint(&nondet("__VERIFIER_nondet_double", d(0.1))), "\\result == 0.1");
        assert_eq!(result_constraint(&nondet("__VERIFIER_nondet_double", d(f64::NAN))), "\\result != \\result");
        let f = i128::from(2.5f32.to_bits() as i32);
        assert_eq!(result_constraint(&nondet("__VERIFIER_nondet_float", f)), "\\result == 2.5f");
        let inf = result_constraint(&nondet("__VERIFIER_nondet_double", d(f64::INFINITY)));
        assert_eq!(inf, "\\result > 1.7976931348623157e308");
    }

    #[test]
    fn float_conversions_are_written_back_exactly() {
        let double = |x: f64| render(Conversion::Float, 64, i128::from(x.to_bits() as i64));
        let float = |x: f32| render(Conversion::Float, 32, i128::from(x.to_bits() as i32));
        for x in [0.1, -0.0, 5e-324, 1e300, -2.5, 100.50000000000001] {
            assert_eq!(double(x).parse::<f64>().unwrap().to_bits(), x.to_bits(), "{x}");
        }
        assert_eq!(float(0.1).parse::<f32>().unwrap(), 0.1f32);
        assert_eq!((double(f64::NAN).as_str(), double(f64::NEG_INFINITY).as_str()), ("nan", "-inf"));
        let fmt = "%lf".to_string();
        let i = input(InputSource::ScanfValue { format: fmt, index: 0 }, i128::from(0.5f64.to_bits() as i64));
        assert!(describe(&i).ends_with("reads 0.5 (bits 0x3fe0000000000000)"), "{}", describe(&i));
        // (an int conversion reads the model's value in 32 bits, as the replay
        // writes it: -2976996769 is 1317970527 in an int)
        let i = input(InputSource::ScanfValue { format: "%d %d".into(), index: 0 }, -2976996769);
        assert!(describe(&i).ends_with("conversion 1 reads 1317970527"), "{}", describe(&i));
        let i = input(InputSource::ScanfValue { format: "%u".into(), index: 0 }, -1);
        assert!(describe(&i).ends_with("conversion 1 reads 4294967295"), "{}", describe(&i));
    }

    /// An argument is its bytes up to its length, `x`s where the model
    /// follows no byte; a NUL before the length ends it (a model without
    /// lengths: its first NUL); the bytes past its end are not shown.
    #[test]
    fn an_argument_is_as_long_as_its_length_says() {
        let byte = |index, pos, b: u8| input(InputSource::ArgvByte { index, pos }, i128::from(b));
        let length = |index, n| input(InputSource::ArgvLength { index }, n);
        let mut inputs = vec![input(InputSource::Argc, 4)];
        inputs.extend(b"abcdefgh".iter().enumerate().map(|(j, b)| byte(1, j, *b)));
        inputs.push(length(1, 11));
        inputs.extend([byte(2, 0, b'p'), byte(2, 1, b'q'), byte(2, 2, 0), byte(2, 3, b'r')]);
        inputs.push(length(2, 3));
        inputs.extend([byte(3, 0, b'u'), byte(3, 1, 0), byte(3, 2, b'v')]);
        inputs.push(length(3, 2));
        let r = RunInputs::of(&inputs);
        assert_eq!(r.args, vec![&b"abcdefghxxx"[..], b"pq", b"u"]);
        let shown: Vec<String> = shown(&inputs).map(describe).collect();
        assert!(shown.contains(&"strlen(argv[1]) = 11".to_string()), "{shown:?}");
        assert!(shown.contains(&"argv[1][7] = 'h'".to_string()), "{shown:?}");
        assert!(shown.contains(&"argv[2][2] = 0 (its end)".to_string()), "{shown:?}");
        for hidden in ["argv[2][3]", "argv[3][2]", "strlen(argv[2])", "strlen(argv[3])"] {
            assert!(!shown.iter().any(|s| s.starts_with(hidden)), "{hidden}: {shown:?}");
        }
        // a replay tries the arguments cut to the model's bytes first
        let short = with_short_arguments(&inputs).expect("argv[1] is longer than its bytes");
        assert_eq!(RunInputs::of(&short).args, vec![&b"abcdefgh"[..], b"pq", b"u"]);
        assert!(with_short_arguments(&short).is_none());
        // the longest argument Linux passes, written as bash reads it back
        let r = RunInputs::of(&[input(InputSource::Argc, 2), length(1, i128::MAX)]);
        assert_eq!(r.args[0].len() as i128, MAX_ARGUMENT_LENGTH);
        assert_eq!(r.command_line().unwrap(), "./program \"$(printf 'x%.0s' {1..131071})\"");
        let r = RunInputs::of(&[input(InputSource::Argc, 2), byte(1, 0, b'\''), length(1, 20)]);
        assert_eq!(r.command_line().unwrap(), "./program $'\\''\"$(printf 'x%.0s' {1..19})\"");
    }

    #[test]
    fn scanf_values_become_standard_input_that_reads_them_back() {
        let fmt = |s: &str| s.to_string();
        let r = RunInputs::of(&[
            input(InputSource::Argc, 4),
            input(InputSource::ArgvNumber { index: 2 }, -17),
            input(InputSource::ScanfResult { format: fmt("%d") }, 1),
            input(InputSource::ScanfValue { format: fmt("%d"), index: 0 }, 42),
            input(InputSource::ScanfResult { format: fmt("%d,%u") }, 2),
            input(InputSource::ScanfValue { format: fmt("%d,%u"), index: 0 }, -7),
            input(InputSource::ScanfValue { format: fmt("%d,%u"), index: 1 }, -1),
            input(InputSource::StdinChar, b'x' as i128),
            input(InputSource::StdinLine, 1),
            input(InputSource::StdinRead, 3),
            input(InputSource::Library { function: "rand".into() }, 7),
            input(InputSource::StdinChar, -1),
            input(InputSource::StdinChar, b'y' as i128),
        ]);
        assert_eq!(r.args, vec![&b"a"[..], b"-17", b"a"]);
        let limits = ReplayLimits { max_args: 2, ..ReplayLimits::default() };
        assert_eq!(r.exceeds(&limits).as_deref(), Some("it needs 3 arguments (--max-args 2)"));
        assert_eq!(r.exceeds(&ReplayLimits::default()), None);
        let tight = ReplayLimits { max_stdin: 3, ..ReplayLimits::default() };
        assert!(r.exceeds(&tight).is_some_and(|w| w.contains("--max-stdin 3")));
        assert_eq!(String::from_utf8_lossy(&r.stdin), "42\n-7,4294967295x\naaa");
        assert_eq!(r.harness, vec![("f".to_string(), 7)]);
        assert_eq!(r.stdin_text(), "\"42\\n-7,4294967295x\\naaa\"");
        let r = RunInputs::of(&[
            input(InputSource::Env { name: "HOME".into() }, 0),
            input(InputSource::Env { name: "DEBUG".into() }, 1),
        ]);
        assert_eq!(r.command_line().unwrap(), "env -u HOME DEBUG=1 ./program");
    }

    #[test]
    fn a_failed_conversion_leaves_a_byte_it_cannot_read_and_eof_ends_the_input() {
        let f = "%d %d".to_string();
        let r = RunInputs::of(&[
            input(InputSource::ScanfResult { format: f.clone() }, 1),
            input(InputSource::ScanfValue { format: f.clone(), index: 0 }, 5),
            input(InputSource::ScanfValue { format: f.clone(), index: 1 }, 9),
        ]);
        assert_eq!(String::from_utf8_lossy(&r.stdin), "5 ?");
        let r = RunInputs::of(&[input(InputSource::ScanfResult { format: f }, -1), input(InputSource::StdinChar, 65)]);
        assert!(r.stdin.is_empty() && r.reads_stdin);
    }
}
