"""Oath: Chronicles of Empire and Exile: the component data (data.py), the compiled engine
(engine.py over rules/), the AEC env (env.py, ``meeplegym.envs.oath_v0``) and the Chronicle
between games (chronicle.py, chronicle_step.py, chronicle_play.py); docs/oath.md."""
