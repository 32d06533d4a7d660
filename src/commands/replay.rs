//! `whisker replay`: one game of a run, turn by turn.

use super::{lineup, say, source};
use crate::commands::cli::{Format, ReplayArgs};
use crate::core::failure::Failure;
use crate::core::rng::game_seed;
use crate::core::runner::Plan;
use crate::games::with_game;
use crate::games::{self, Registered};

pub(crate) fn run(args: &ReplayArgs) -> anyhow::Result<()> {
    let source = source(args.config.as_ref())?;
    super::players_once(args.seats.players, &args.set)?;
    with_game!(games::load(&source, &args.set, args.seats.players)?, game => replay(&*game, args))
}

fn replay<G: Registered>(game: &G, args: &ReplayArgs) -> anyhow::Result<()> {
    let mut bots = lineup(game, args.seats.bots.as_deref(), game.players(), true)?;
    // Rotation r seats the lineup shifted by r, as `--rotate-seats` does; a run has only its
    // lineup's distinct rotations.
    let plan = Plan {
        games: 1,
        seed: args.seed,
        lineup: bots.clone(),
        rotate: true,
        roles: game.roles(),
        threads: None,
        shard: None,
        stop_after: None,
        skip: 0,
    };
    let offsets = plan.offsets();
    let rotations = offsets.len() as u64;
    if args.rotation as u64 >= rotations {
        return Err(Failure::Usage(format!(
            "--rotation {}: the bots {} have {} (0{}), so no run of them has rotation {}",
            args.rotation,
            args.seats.bots.as_deref().unwrap_or(game.default_bots()),
            if rotations == 1 {
                "one seating".to_string()
            } else {
                format!("{rotations} distinct seat rotations")
            },
            if rotations == 1 {
                String::new()
            } else {
                format!(" to {}", rotations - 1)
            },
            args.rotation
        ))
        .into());
    }
    bots.rotate_left(offsets[args.rotation]);
    // The seed game K has in a run with this master seed: the same as its `games.csv` row.
    let events = game.replay(game_seed(args.seed, args.game), &bots);
    let mut text = String::new();
    match args.format {
        Format::Json => {
            for e in &events {
                text += &serde_json::to_string(e)?;
                text.push('\n');
            }
        }
        Format::Table => {
            let mut turn = u32::MAX;
            for e in &events {
                if e.turn != turn && e.event != "end" {
                    turn = e.turn;
                    text += &if turn == 0 {
                        "setup\n".to_string()
                    } else {
                        format!("\n{} {turn}\n", G::REPORT.turn)
                    };
                }
                if e.event == "end" {
                    text.push('\n');
                }
                text += &format!("  {}\n", e.text);
            }
        }
    }
    say(&text)?;
    Ok(())
}
