-- "My games" without an account (issue 28): a browser lists the finished games of the seats
-- it holds, found by their seat hashes.

CREATE INDEX games_red_seat ON games (red_seat_hash);
CREATE INDEX games_black_seat ON games (black_seat_hash);
