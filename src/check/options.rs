//! Options, variants, and the user's choices among them.

use super::{Checker, Failure};
use crate::diagnostic::{did_you_mean, Kind, Problem};
use crate::ir;
use crate::syntax::ast::{Item, OptionDecl, Value, ValueSet};
use indexmap::IndexMap;

/// What the user chose on the command line: a variant, then single options on top of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    pub variant: Option<String>,
    /// `(name, value)` as typed: `size=8` is `("size", "8")`.
    pub options: Vec<(String, String)>,
}

impl Choices {
    pub fn with_option(mut self, name: &str, value: &str) -> Choices {
        self.options.push((name.to_string(), value.to_string()));
        self
    }
}

/// Reads a value as typed: a number if it is one, else a word.
pub fn parse_value(text: &str) -> Value {
    text.parse().map_or_else(
        |_| Value::parse_decimal(text).unwrap_or_else(|| Value::Word(text.to_string())),
        Value::Int,
    )
}

/// "unknown option `sise` (did you mean `size`?)", for a choice made on the command line.
fn unknown_choice<'a>(kind: &str, name: &str, known: impl Iterator<Item = &'a String>) -> Failure {
    let known: Vec<&str> = known.map(String::as_str).collect();
    let hint = match did_you_mean(name, known.iter().copied()) {
        Some(s) => format!(" (did you mean `{s}`?)"),
        None if known.is_empty() => format!(" (this game has no {kind}s)"),
        None => format!(" (the {kind}s are: {})", known.join(", ")),
    };
    Failure::Choice(format!("unknown {kind} `{name}`{hint}"))
}

fn describe(allowed: &Option<ValueSet>) -> String {
    match allowed {
        None => "any value".to_string(),
        Some(ValueSet::List(vs)) => vs
            .iter()
            .map(|v| v.value.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        Some(ValueSet::Range { lo, hi, .. }) => match hi {
            Some(h) => format!("{lo}..{h}"),
            None => format!("{lo}.."),
        },
    }
}

impl<'f> Checker<'f> {
    /// Whether `value` is allowed for `decl`: in its set and meeting its `where`.
    fn allows(&mut self, decl: &OptionDecl, value: &Value) -> bool {
        let in_set = match (&decl.allowed, value) {
            (None, _) => true,
            (Some(ValueSet::List(vs)), v) => vs.iter().any(|a| &a.value == v),
            (Some(ValueSet::Range { lo, hi, .. }), Value::Int(n)) => {
                n >= lo && hi.is_none_or(|h| *n <= h)
            }
            (Some(ValueSet::Range { lo, hi, .. }), Value::Decimal(h)) => {
                lo.checked_mul(100).is_some_and(|l| *h >= l)
                    && hi.is_none_or(|x| x.checked_mul(100).is_some_and(|x| *h <= x))
            }
            (Some(ValueSet::Range { .. }), Value::Word(_)) => false,
        };
        if !in_set {
            return false;
        }
        let Some(constraint) = &decl.constraint else {
            return true;
        };
        // The constraint is read with just this option set.
        let saved = std::mem::take(&mut self.values);
        self.values.insert(decl.name.name.clone(), value.clone());
        let holds = self.constant_bool(constraint);
        self.values = saved;
        holds.unwrap_or(true)
    }

    /// Checks the option and variant declarations, then settles each option's value for
    /// this compilation.
    pub(super) fn options(&mut self, choices: &super::Choices) -> Result<(), Failure> {
        let by_name = self.option_decls();
        let variant_names = self.variants(&by_name);
        self.choices(choices, &by_name, &variant_names)
    }

    /// The options declared, by name, with their defaults taken as the values.
    fn option_decls(&mut self) -> IndexMap<String, &'f OptionDecl> {
        let decls: Vec<&'f OptionDecl> = self.items(|i| match i {
            Item::Option(o) => Some(o),
            _ => None,
        });
        let mut by_name: IndexMap<String, &'f OptionDecl> = IndexMap::new();
        for d in &decls {
            let earlier = by_name.get(&d.name.name).map(|o| o.name.span);
            if self.declare("option", &d.name, earlier) {
                by_name.insert(d.name.name.clone(), d);
            }
            let words: Vec<String> = match &d.allowed {
                Some(ValueSet::List(vs)) => vs
                    .iter()
                    .filter_map(|v| match &v.value {
                        Value::Word(w) => Some(w.clone()),
                        Value::Int(_) | Value::Decimal(_) => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            self.words.extend(words);
            if let Value::Word(w) = &d.default.value {
                self.words.insert(w.clone());
            }
        }
        for d in by_name.values() {
            if let Some(ValueSet::Range {
                lo,
                hi: Some(hi),
                span,
            }) = &d.allowed
            {
                if hi < lo {
                    self.report(
                        Problem::new(
                            Kind::EmptyRange,
                            format!("the range {lo}..{hi} holds no value"),
                        )
                        .label(*span, "this range is empty")
                        .help("write the smaller bound first"),
                    );
                }
            }
            if !self.allows(d, &d.default.value) {
                self.report(
                    Problem::new(
                        Kind::BadDefault,
                        format!(
                            "the default `{}` is not an allowed value of `{}`",
                            d.default.value, d.name.name
                        ),
                    )
                    .label(d.default.span, "not allowed")
                    .help(format!("the allowed values are {}", describe(&d.allowed))),
                );
            }
            self.values
                .insert(d.name.name.clone(), d.default.value.clone());
            self.option_infos.push(ir::OptionInfo {
                name: d.name.name.clone(),
                default: d.default.value.clone(),
                allowed: describe(&d.allowed),
            });
        }
        by_name
    }

    /// Variants: each setting names a declared option and an allowed value. Returns
    /// each variant's index by name.
    fn variants(&mut self, by_name: &IndexMap<String, &'f OptionDecl>) -> IndexMap<String, usize> {
        let variants = self.items(|i| match i {
            Item::Variant(v) => Some(v),
            _ => None,
        });
        let mut variant_names: IndexMap<String, usize> = IndexMap::new();
        for (vi, v) in variants.iter().enumerate() {
            let earlier = variant_names
                .get(&v.name.name)
                .map(|&i| variants[i].name.span);
            if self.declare("variant", &v.name, earlier) {
                variant_names.insert(v.name.name.clone(), vi);
            }
            let mut settings = Vec::new();
            for (name, value) in &v.assignments {
                match by_name.get(&name.name).copied() {
                    None => {
                        let known: Vec<&str> = by_name.keys().map(String::as_str).collect();
                        self.unknown("option", name, known);
                    }
                    Some(d) => {
                        if !self.allows(d, &value.value) {
                            self.report(
                                Problem::new(
                                    Kind::BadValue,
                                    format!(
                                        "`{}` is not an allowed value of `{}`",
                                        value.value, name.name
                                    ),
                                )
                                .label(value.span, "not allowed")
                                .help(format!("the allowed values are {}", describe(&d.allowed))),
                            );
                        }
                        settings.push((name.name.clone(), value.value.clone()));
                    }
                }
            }
            self.variant_infos.push(ir::VariantInfo {
                name: v.name.name.clone(),
                settings,
            });
        }
        variant_names
    }

    /// The user's choices: a variant, then options one by one.
    fn choices(
        &mut self,
        choices: &super::Choices,
        by_name: &IndexMap<String, &'f OptionDecl>,
        variant_names: &IndexMap<String, usize>,
    ) -> Result<(), Failure> {
        if let Some(name) = &choices.variant {
            let Some(&vi) = variant_names.get(name) else {
                return Err(unknown_choice("variant", name, variant_names.keys()));
            };
            for (k, v) in self.variant_infos[vi].settings.clone() {
                self.values.insert(k, v);
            }
        }
        for (name, text) in &choices.options {
            let Some(d) = by_name.get(name).copied() else {
                return Err(unknown_choice("option", name, by_name.keys()));
            };
            let value = parse_value(text);
            if !self.allows(d, &value) {
                let condition = if d.constraint.is_some() {
                    ", with its condition"
                } else {
                    ""
                };
                return Err(Failure::Choice(format!(
                    "`{text}` is not an allowed value of option `{name}` (allowed: {}{condition})",
                    describe(&d.allowed)
                )));
            }
            self.values.insert(name.clone(), value);
        }
        Ok(())
    }
}
