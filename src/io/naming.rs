//! Default result folders, named after what makes a run different, so two different command
//! lines never write to the same default folder: `results/my-game` for the plain run,
//! `results/my-game+players-3+rules.max_turns=80` for a variant.

use std::path::PathBuf;

use crate::io::hash::fnv1a;

/// Longest name kept readable in full; longer ones are cut and told apart by their hash.
const MAX_NAME: usize = 100;

/// `results/BASE+PART+…`. Parts keep letters, digits and `._=,-`; any other character, and a
/// dot that would start the name, becomes `-`, and then (or when the name is cut) a hash of the exact text is added, so names that
/// would otherwise read the same stay apart.
pub(crate) fn folder(base: &str, parts: &[String]) -> PathBuf {
    let keep = |c: char| c.is_alphanumeric() || "._=,-".contains(c);
    let mut name = String::new();
    let mut exact = true;
    for (i, part) in std::iter::once(base)
        .chain(parts.iter().map(String::as_str))
        .enumerate()
    {
        if i > 0 {
            name.push('+');
        }
        for c in part.chars() {
            // A leading dot would hide the folder (`..toml`) or name a parent (`...toml`).
            if keep(c) && !(name.is_empty() && c == '.') {
                name.push(c);
            } else {
                name.push('-');
                exact = false;
            }
        }
    }
    if name.is_empty() || name.len() > MAX_NAME {
        exact = false;
        let mut cut = MAX_NAME.min(name.len());
        while !name.is_char_boundary(cut) {
            cut -= 1;
        }
        name.truncate(cut);
    }
    if !exact {
        let mut text = base.to_string();
        for p in parts {
            text.push('\0');
            text.push_str(p);
        }
        name.push_str(&format!("+{:08x}", fnv1a(text.as_bytes()) as u32));
    }
    PathBuf::from("results").join(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(base: &str, parts: &[&str]) -> String {
        let parts: Vec<String> = parts.iter().map(|s| s.to_string()).collect();
        folder(base, &parts)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn names_read_as_the_command_line() {
        assert_eq!(name("my-game", &[]), "my-game");
        assert_eq!(
            name("my-game", &["players-3", "rules.max_turns=80"]),
            "my-game+players-3+rules.max_turns=80"
        );
    }

    #[test]
    fn different_command_lines_get_different_names() {
        // Both would read `k=a-b` without the hash.
        let (a, b) = (name("my-game", &["k=a b"]), name("my-game", &["k=a/b"]));
        assert_ne!(a, b);
        assert!(a.starts_with("my-game+k=a-b+"), "{a}");
        // A separator inside a value is not a separator.
        assert_ne!(name("c", &["x=1+y=2"]), name("c", &["x=1", "y=2"]));
        let long = "v".repeat(300);
        let n = name("my-game", &[&long]);
        assert!(n.len() <= MAX_NAME + 9, "{n}");
        assert_ne!(n, name("my-game", &[&"v".repeat(301)]));
    }

    #[test]
    fn a_name_never_starts_with_a_dot() {
        // `..toml` and `...toml`: a hidden folder, or `results/..` itself.
        for base in [".", ".."] {
            let n = name(base, &[]);
            assert!(n.starts_with('-') && n.len() > 2, "{n}");
            let path = folder(base, &[]);
            assert_eq!(
                path.parent(),
                Some(std::path::Path::new("results")),
                "{path:?}"
            );
        }
        assert!(name(".", &["games-100"]).starts_with("-+games-100+"));
    }

    #[test]
    fn the_hash_is_stable() {
        // A folder name must not change between versions or machines.
        assert_eq!(name("c", &["x y"]), "c+x-y+c28487c5");
    }
}
