//! A scenario as JSON text, compact and indented.

use super::types::Scenario;

impl Scenario {
    /// The scenario as JSON text (serialized here, in the size-optimized crate).
    #[inline(never)]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The scenario as indented JSON text, as `serde_json::to_string_pretty` writes
    /// it: the compact text re-laid out, so the Serialize code of every scenario type
    /// is compiled once, not once per formatter (issue #2).
    #[inline(never)]
    pub fn to_json_pretty(&self) -> String {
        indent_json(&self.to_json())
    }
}

/// Compact JSON text laid out as serde_json's pretty formatter does: two-space
/// indents, one member or element per line, `": "` after a key, `[]` and `{}` kept
/// on one line.
fn indent_json(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() * 2);
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        (0..depth).for_each(|_| out.push_str("  "));
    };
    let mut chars = compact.chars().peekable();
    while let Some(c) = chars.next() {
        if in_str {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                if matches!(chars.peek(), Some('}' | ']')) {
                    out.extend(chars.next());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out
}
