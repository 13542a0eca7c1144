"""The rules lab: balance studies on the rulebook-faithful engines (``rennbahn lab``).

``study`` says what a study is and plays its games with common random numbers, ``metrics``
turns games into figures, ``inference`` holds the statistics, ``store`` keeps studies in
SQLite, ``report`` draws them (HTML and PNGs) and ``export`` writes Parquet.
"""
