//! The value of an option in one compilation: a number or a word.

/// A value an option takes: `size = 8`, `jumps = forced`, `bonus = 7.5`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Int(i64),
    Word(String),
    /// A number with a fraction, in hundredths (`7.5` is 750): points for `bonus`.
    Decimal(i64),
}

impl Value {
    /// The value in hundredths, where it is a number.
    pub fn hundredths(&self) -> Option<i64> {
        match self {
            Value::Int(n) => n.checked_mul(100),
            Value::Decimal(h) => Some(*h),
            Value::Word(_) => None,
        }
    }

    /// A number written with a fraction (`7.5`, `0.25`): its hundredths, if it has at most
    /// two digits after the point and fits.
    pub fn parse_decimal(text: &str) -> Option<Value> {
        let (whole, fraction) = text.split_once('.')?;
        if whole.is_empty()
            || fraction.is_empty()
            || fraction.len() > 2
            || !(whole.bytes().all(|b| b.is_ascii_digit())
                && fraction.bytes().all(|b| b.is_ascii_digit()))
        {
            return None;
        }
        let whole: i64 = whole.parse().ok()?;
        let mut part: i64 = fraction.parse().ok()?;
        if fraction.len() == 1 {
            part *= 10;
        }
        Some(Value::Decimal(whole.checked_mul(100)?.checked_add(part)?))
    }
}

/// A number of hundredths as a person writes it: `750` is `7.5`, `4000` is `40`.
pub fn hundredths_text(h: i64) -> String {
    let sign = if h < 0 { "-" } else { "" };
    let h = h.unsigned_abs();
    let text = format!("{sign}{}.{:02}", h / 100, h % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Word(w) => f.write_str(w),
            Value::Decimal(h) => f.write_str(&hundredths_text(*h)),
        }
    }
}
