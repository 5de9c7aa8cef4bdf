"""Multi-flight events (FLT): flights, the end of a day with its bags, and Day 2 made from them."""
