"""The unit plan in English: headings, lessons, exit tickets, rubric, quiz, coin sheet, letter.

Only sentences live here; minutes and computed answers are in :mod:`hoyito_edu.teaching.unit`.
"""

WORDS = {
    # file names and titles
    "plan_title": "Hoyito in the mathematics class: a unit plan",
    "plan_file": "unit_plan.pdf",
    "tickets_title": "Exit tickets",
    "tickets_file": "exit_tickets.pdf",
    "tickets_key_title": "Exit tickets: key for the teacher",
    "tickets_key_file": "exit_tickets_key.pdf",
    "rubric_title": "Rubric for the written answers (1c, 3d, activity 7)",
    "rubric_file": "rubric.pdf",
    "quiz_title": "Short quiz: sowing, casas and chance",
    "quiz_file": "quiz.pdf",
    "quiz_key_title": "Short quiz: key for the teacher",
    "quiz_key_file": "quiz_key.pdf",
    "coins_title": "Chance with real coins",
    "coins_file": "chance_with_coins.pdf",
    "letter_title": "A letter to families",
    "letter_file": "letter_to_families.pdf",
    # the plan
    "plan_subtitle": (
        "For secondary students of 14 to 17 and their teacher, in periods of {period} minutes. "
        "Every lesson adds up to exactly {period} minutes; the times are our suggestions, not "
        "the results of a study."
    ),
    "plan_intro": (
        "The unit uses the notebooks of the hoyito_edu package (the student track: 01, 02s, 03 "
        "and 06) and its printed sheets. Choose the 3-lesson sequence if you have one week, the "
        "6-lesson sequence if you have two. Each lesson below gives its goal, the mathematics it "
        "practises, its materials, what needs a screen (a projector or computers) and what needs "
        "only paper, and the minutes of each block. Every lesson ends with an exit ticket (the "
        "file {tickets}); its key is in {tickets_key}. Activities that took more than one period "
        "in the notebooks are split here: activity 2 (where the last seed lands) over lessons 2 "
        "and 3 of the 6-lesson sequence, activity 4 (chance) over lessons 4 and 5, notebook 07 "
        "over two extension lessons."
    ),
    "curriculum_heading": "The curriculum",
    "curriculum": (
        "No document of the Dominican Republic's secondary mathematics curriculum could be "
        "cited here: the sources this project holds include none, and we do not name "
        "competencies, codes or indicators we cannot cite. Please match each lesson to the "
        "competencies and achievement indicators of the current MINERD curriculum for your grade "
        "yourself. Each lesson's line \u201cMathematics\u201d says, in our own words, what "
        "the lesson practises, to help you find them, and leaves a line for you to write them in."
    ),
    "glance_heading": "Screen and paper at a glance",
    "glance_note": (
        "For each lesson: the minutes that need a screen (a projector or computers), then the "
        "minutes that need only paper, counters or coins."
    ),
    "sequences_heading": "The two sequences",
    "three_heading": "The 3-lesson sequence (one week)",
    "three_note": (
        "Play, count round the ring, and meet chance with coins and then with the computer. "
        "Leave out relays, casas and the community activity, or give them as extensions."
    ),
    "six_heading": "The 6-lesson sequence (two weeks)",
    "six_note": (
        "In lesson 1, send home the letter to families and the community sheet "
        "({community_file}): the interviews are due for lesson 6. Question 3d is homework "
        "after lesson 3."
    ),
    "extensions_heading": "Extension lessons (one period each)",
    "extensions_note": (
        "For a class with more time: notebook 01 in full, activity 5 (a strategy challenge), "
        "activity 6 (the class's own games, after a lesson of play with the record sheet) and "
        "notebook 07 in two periods."
    ),
    "files_heading": "What to print",
    "files": (
        "Run python -m hoyito_edu.teaching.unit OUT_DIR --lang en (this plan and its sheets) and "
        "python -m hoyito_edu.teaching.worksheets (the worksheet of activities 1 to 3, its "
        "answers, empty boards, the record sheet and the community sheet). Per student: the "
        "worksheet, one exit ticket per lesson, the coin sheet, the quiz; per pair: an empty-"
        "boards sheet, 48 beans, pebbles or bottle caps, and one coin; per family: the letter."
    ),
    "lesson_label": "Lesson {number}",
    "extension_label": "Extension",
    "minutes": "{minutes} min",
    "goal": "Goal",
    "maths": "Mathematics",
    "curriculum_row": "Curriculum",
    "curriculum_line": "MINERD competencies (write them in): ",
    "materials": "Materials",
    "needs_screen": "Screen",
    "needs_paper": "Paper only",
    "blocks": "Minute by minute",
    "screen": "screen",
    "paper": "paper",
    "total": "In all: {minutes} minutes.",
    "homework": "Homework",
    "ticket_ref": "Exit ticket: page {page} of {file}.",
    "in_sequences": "Used in: {where}.",
    "seq_three": "the 3-lesson sequence (lesson {number})",
    "seq_six": "the 6-lesson sequence (lesson {number})",
    "seq_extension": "an extension lesson",
    "and": " and ",
    # exit tickets, quiz
    "name_line": "Name: ____________________   Class: ______   Date: ________",
    "ticket_intro": (
        "Answer before you leave the room. The ticket is not graded: it tells your teacher what "
        "to go over next time."
    ),
            "answer": "Answer: ",
    "key_intro": (
        "Every answer that is a count or a hole is worked out by the hoyito_edu engine from the "
        "board in the question; the other answers are our model answers."
    ),
    "quiz_intro": (
        "Answer every question. Where a question shows a board, the holes are numbered as on "
        "the worksheet: South's row 0 to 5 from left to right, North's row 6 to 11 from right "
        "to left."
    ),
    "quiz_key_intro": (
        "The counts and holes below are worked out by the hoyito_edu engine; the share of coin "
        "experiments is worked out exactly from the number of tosses."
    ),
    "quiz_total": "In all: {points} points.",
    "points": "({points} points)",
    # rubric
    "rubric_intro": (
        "Use it for the written answers 1c and 3d (the worksheet of activities 1 to 3) and for "
        "the community activity (activity 7). Read the whole answer before you mark it; a short "
        "answer that is right and explained gets the top level. The model answers of 1c and 3d "
        "are on the teacher sheet (teacher_answers.pdf)."
    ),
    "levels": ("Complete (3)", "Partial (2)", "Started (1)", "Not yet (0)"),
    "criterion": "What to look for",
}

LESSONS = {
    "play": {
        "title": "Playing Hoyito",
        "goal": (
            "Students know the rules of Hoyito I and Ba-awa, play a whole game on a paper board, "
            "and can say who takes a casa in each game."
        ),
        "maths": "following a procedure step by step; counting; comparing two sets of rules.",
        "materials": (
            "Projector and the teacher's computer with notebook 02s; per pair: an empty-boards "
            "sheet (empty_boards.pdf) and 48 beans, pebbles or bottle caps; exit tickets."
        ),
        "screen": "the rules, shown from notebook 02s on the projector.",
        "paper": "the games, played on paper boards; the exit ticket.",
        "blocks": (
            "Launch: ask who has seen a game played with seeds in two rows of holes, and write "
            "the names the class knows on the board.",
            "The rules from notebook 02s on the projector, sections 1 to 3: what the two games "
            "share, who takes a four, how a game ends. The class answers its \u201cYour turn\u201d "
            "question on paper first.",
            "Play Hoyito I in pairs on the paper boards, to the end of a game. Pairs that finish "
            "early play Ba-awa. A pair with a computer may play on notebook 03 instead.",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "In Hoyito I, who takes a hole that reaches exactly four seeds in the middle of a "
                "sowing? And in Ba-awa?",
                "In Hoyito I, the player who is moving. In Ba-awa, the owner of the hole.",
            ),
            (
                "At the start of a game every hole holds four seeds. How many seeds are on the "
                "board?",
                "{total} seeds ({holes} holes with 4 each).",
            ),
        ),
    },
    "division": {
        "title": "Sowing as division; where the last seed lands",
        "goal": (
            "Students write a sowing as full rounds plus a remainder, and find the hole where the "
            "last seed of one lap lands by counting round a ring of twelve."
        ),
        "maths": "division with remainder; counting round a circle (the remainder as a position).",
        "materials": (
            "Projector with notebook 06 (activity 1, figure 1); the worksheet (activities 1 and "
            "2, student_worksheet.pdf); counters for pairs who want them; exit tickets."
        ),
        "screen": "figure 1 of activity 1 on the projector; checking answers with check() if "
                  "there are computers.",
        "paper": "questions 1a to 1c and 2a to 2d on the worksheet; the exit ticket.",
        "blocks": (
            "Launch: sow a big handful on a drawn board in front of the class. What happens with "
            "more seeds than holes?",
            "Activity 1: figure 1 on the projector, then 1a, 1b and the written answer 1c on "
            "the worksheet, in pairs.",
            "Activity 2, one lap: 2a to 2d on the worksheet, counting on the drawn ring; pairs "
            "compare answers, and where they differ, sow it with counters.",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "You sow {seeds} seeds round a board of {holes} holes. How many seeds does every "
                "hole receive, and how many holes receive one seed more?",
                "{answer}: {working}",
            ),
            (
                "On an empty board of {holes} holes, {seeds} seeds are sown from hole {start}. "
                "In which hole does the last seed land?",
                "{answer}: {working}",
            ),
        ),
    },
    "relays": {
        "title": "A rule for every case; relays and casas",
        "goal": (
            "Students write the rule (h + s) mod 12 for one lap, follow a move with relays lap by "
            "lap, and count the casas one move captures under two rule sets."
        ),
        "maths": "a general rule with the remainder (modular arithmetic); following a process "
                 "of several steps; how one change in a rule changes a result.",
        "materials": (
            "Computers or the projector with notebook 06 (question 2e); the worksheet "
            "(questions 2e to 3c); counters; exit tickets."
        ),
        "screen": "testing the rule of 2e as a Python function (one computer per group, or the "
                  "projector).",
        "paper": "questions 2f, 2g and 3a to 3c on the worksheet, with the lap boards; the exit "
                 "ticket.",
        "blocks": (
            "Launch: one question of the last exit ticket, answered together.",
            "Question 2e: write the rule for any number of seeds s and any starting hole h, "
            "then test it as a function on the projector.",
            "Relays: 2f and the challenge 2g on the worksheet, drawing the board after each lap.",
            "Casas: 3a to 3c on the worksheet, the same move under Hoyito I, Ba-awa and "
            "Hoyito III. Set 3d (why the seeds on the board are always a multiple of four) as "
            "homework.",
            "Exit ticket.",
        ),
        "homework": "Question 3d, written in two or three sentences (marked with the rubric).",
        "ticket": (
            (
                "In Hoyito I, South sows hole {start} ({seeds} seeds) on board A. Where does the "
                "very last seed of the move land?",
                "{answer}: {working}",
            ),
            (
                "In Hoyito I, South sows hole {start} ({seeds} seeds) on board B. How many seeds "
                "does South capture?",
                "{answer}: {working}",
            ),
            (
                "The same move on board B in Hoyito III: how many seeds does South capture?",
                "{answer}: {working}",
            ),
        ),
    },
    "chance-hand": {
        "title": "Chance by hand: coins and a dot plot",
        "goal": (
            "Students predict who wins more often, toss a coin twenty times in pairs, and build "
            "the class's dot plot to see how much chance alone moves a count."
        ),
        "maths": "experimental probability; variability between samples; a dot plot and its "
                 "middle and spread.",
        "materials": (
            "One coin per pair; the coin sheet (chance_with_coins.pdf); the board and chalk or "
            "markers; the projector with notebook 06, activity 4 (the first table only); exit "
            "tickets."
        ),
        "screen": "the table of ten random Ba-awa games (activity 4, question a), shown once.",
        "paper": "the predictions, the twenty tosses, the dot plot on the board and its "
                 "questions; the exit ticket.",
        "blocks": (
            "Predict: out of 100 games between two players who move at random, how many will "
            "the starter win, and how many will be drawn? Each student writes a guess.",
            "Ten random games of Ba-awa on the projector (activity 4, question a): who won?",
            "Part A of the coin sheet: each pair tosses a coin twenty times (heads: the starter "
            "wins) and writes every toss.",
            "Part B: each pair puts a dot above its number of heads on the number line drawn on "
            "the board. The class reads the middle and the spread of the dots.",
            "Discuss: did every pair get 10? Would 14 surprise you? And 18? Keep a photo or a "
            "copy of the dot plot for the next lesson.",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "Your pair tossed a coin 20 times. Did every pair in the class get 10 heads? Why "
                "not?",
                "No. Each toss is chance, so the counts of different pairs differ; most fall "
                "near 10, a few far from it.",
            ),
            (
                "A pair got {heads} heads in {tosses} tosses. On the class's dot plot, how many "
                "pairs got {count} or more heads, or {low} or fewer? Would {heads} heads surprise "
                "you?",
                "The count depends on the class's plot. Chance alone gives {count} or more heads, "
                "or {low} or fewer, in about {share} of experiments of {tosses} tosses (about one "
                "pair in {one_in}): not rare, so {heads} heads is no sign of an unfair coin.",
            ),
        ),
    },
    "chance-computer": {
        "title": "Chance by computer: 1,000 experiments",
        "goal": (
            "Students compare the class's dot plot with 1,000 computer experiments, place the "
            "starter's real share of 400 Ba-awa games in that spread, and read a 95 % interval."
        ),
        "maths": "probability from many repetitions; the right comparison (games somebody won, "
                 "not all games); simulation of a null model; a 95 % interval.",
        "materials": (
            "Projector with notebook 06, activity 4 (questions b to d); the class's dot plot "
            "from lesson 4 (on the board again, or a photo); exit tickets."
        ),
        "screen": "the repeats, the 400 games, the 1,000 coin experiments and figure 3.",
        "paper": "the class's dot plot; question d; the exit ticket.",
        "blocks": (
            "Launch: the class's dot plot of twenty tosses back on the board.",
            "Questions b and c: the same ten games with other random states, then 400 games; "
            "why the fair line is not 50 % of all games when some are drawn.",
            "The computer tosses: 1,000 experiments of 20 tosses beside the class's dot plot "
            "(the same middle? the same spread?), then 1,000 experiments as long as the games "
            "somebody won, with the starter's real share marked.",
            "Figure 3: the share as the games add up, with its 95 % interval; the questions "
            "about the chart.",
            "Question d: was your prediction right? Which rule of Ba-awa could explain it?",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "Of {games} games, {draws} were drawn. If starting made no difference, about how "
                "many games would the starter win?",
                "About {fair}: half of the {decided} games that somebody won. Not half of all "
                "{games} games, because nobody wins a draw.",
            ),
            (
                "Why is the band of figure 3 wide at the left and narrow at the right?",
                "At the left the share rests on a few games, and a few games move a lot by "
                "chance; as more games add up, the share moves less, and the interval narrows.",
            ),
        ),
    },
    "chance-short": {
        "title": "Chance: coins by hand, then by computer",
        "goal": (
            "Students toss coins in pairs, build the class's dot plot, and only then see the "
            "computer toss 1,000 times and place the starter's real share in that spread."
        ),
        "maths": "experimental probability; variability between samples; simulation of a null "
                 "model.",
        "materials": (
            "One coin per pair; the coin sheet (chance_with_coins.pdf); the board; the projector "
            "with notebook 06, activity 4 (the teacher runs it); exit tickets."
        ),
        "screen": "the 1,000 coin experiments and the 400 Ba-awa games, run by the teacher.",
        "paper": "the predictions, the tosses, the dot plot and the exit ticket.",
        "blocks": (
            "Predict: out of 100 random games, how many will the starter win, and how many will "
            "be drawn?",
            "Part A of the coin sheet: each pair tosses a coin twenty times.",
            "Part B: the class's dot plot on the board; its middle and its spread.",
            "Part C: the teacher runs activity 4's coin experiments (1,000 experiments of 20 "
            "tosses) beside the dot plot, then shows where the starter's share of 400 Ba-awa "
            "games falls.",
            "Discuss: was the prediction right? Why do we leave out the drawn games?",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "Of {games} games, {draws} were drawn. If starting made no difference, about how "
                "many games would the starter win?",
                "About {fair}: half of the {decided} games that somebody won. Not half of all "
                "{games} games, because nobody wins a draw.",
            ),
            (
                "A pair got {heads} heads in {tosses} tosses. On the class's dot plot, how many "
                "pairs got {count} or more heads, or {low} or fewer? Would {heads} heads surprise "
                "you?",
                "The count depends on the class's plot. Chance alone gives {count} or more heads, "
                "or {low} or fewer, in about {share} of experiments of {tosses} tosses (about one "
                "pair in {one_in}): not rare, so {heads} heads is no sign of an unfair coin.",
            ),
        ),
    },
    "community": {
        "title": "Where the game was recorded, and what our community remembers",
        "goal": (
            "Students see where and when researchers recorded Hoyito, put the class's interviews "
            "in one table, and compare them rule by rule with the recorded rules."
        ),
        "maths": "organising answers in a table; comparing categories; telling a fact from a "
                 "source apart from an interpretation.",
        "materials": (
            "Projector with notebook 01 (sections 1 and 2, the map); the students' interview "
            "notes (the community sheet, community_sources.pdf); a large table on the board or "
            "on paper; exit tickets."
        ),
        "screen": "notebook 01, sections 1 and 2: who recorded the game, when, and the map.",
        "paper": "the interview notes, the class table, the exit ticket.",
        "blocks": (
            "Launch: who asked somebody? Remind the class: no names, only what people agreed "
            "to share.",
            "Notebook 01, sections 1 and 2 on the projector: who recorded the game, when and "
            "where.",
            "The class table: a row per person asked, a column per question; for each rule, "
            "say whether it is Hoyito I, II, III, Ba-awa as the notebooks record them, or a "
            "rule nobody recorded.",
            "Discuss: which places and decades did the class hear about, and how do they "
            "compare with the places the researchers visited?",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "Name two things you do before you ask a person about the game.",
                "Say what the class project is and ask whether the person agrees to answer; "
                "tell them they may skip a question or stop. Write no names.",
            ),
            (
                "A neighbour says that a four always goes to the owner of the hole. Is that a "
                "mistake? How do you write it down?",
                "Not a mistake: write it as it was told, with where and when the neighbour "
                "played. No source records that rule for every four (in Ba-awa only a four made "
                "during sowing goes to the owner), so it is a new observation.",
            ),
        ),
    },
    "fieldwork": {
        "title": "Hoyito in the field: notebook 01 in one period",
        "goal": (
            "Students learn who recorded Hoyito, where and when, and tell a fact from a source "
            "apart from an interpretation."
        ),
        "maths": "reading tables, a map and a timeline; telling a fact from an interpretation.",
        "materials": "Projector or computers with notebook 01; exit tickets.",
        "screen": "notebook 01, sections 1 to 7.",
        "paper": "the questions for discussion and the exit ticket.",
        "blocks": (
            "Launch: what do we know about a game nobody wrote a book about?",
            "Sections 1 and 2: who recorded the game, when and where; the map.",
            "Sections 3 and 4: the names of the game and its materials; who played it at the "
            "time of the fieldwork.",
            "Sections 5 to 7: the three recorded games, Ba-awa, the Haitian side of the island.",
            "Questions for discussion: fact or interpretation? Sections 8 and 9 (the timeline, "
            "what comes next) are read at home.",
            "Exit ticket.",
        ),
        "homework": "Notebook 01, sections 8 and 9.",
        "ticket": (
            (
                "When did the researchers do their fieldwork in the Dominican Republic, and in "
                "which part of the country?",
                "In January and February 2005, in the south-west of the country (after "
                "interviewing Dominicans living in Catalonia in September 2004).",
            ),
            (
                "Fact from a source, or interpretation? \u201cHoyito came to Hispaniola from "
                "Ghana.\u201d",
                "An interpretation the sources do not make: they compare the rules of Hoyito I "
                "and Ba-awa, but do not say how the game came to Hispaniola.",
            ),
        ),
    },
    "strategy": {
        "title": "A strategy challenge (activity 5)",
        "goal": (
            "Students describe a strategy as a precise rule, write it as a short function, test "
            "it over six series of games and improve it."
        ),
        "maths": "an algorithm as a precise rule; testing an idea with data; noise in small "
                 "samples.",
        "materials": "Computers (one per pair) with notebook 06, activity 5; exit tickets.",
        "screen": "writing and running the strategies.",
        "paper": "a table of each pair's results; the exit ticket.",
        "blocks": (
            "Launch: how do you choose a move when you play? Write two ideas on the board.",
            "Read the starting strategy and the useful tools together on the projector.",
            "Pairs change the strategy, run the challenge, and keep a table of their 'all' rows, "
            "changing one thing at a time.",
            "Discuss: how much do the six series differ for the same strategy? What does that "
            "say about a difference of two wins?",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "Write your strategy as a rule in one sentence.",
                "Any rule that says which hole to sow in every position (for example: take the "
                "most seeds now; if two moves take the same, sow the hole with the fewest "
                "seeds).",
            ),
            (
                "Your strategy won 13 of 20 games in one series, your friend's won 11. Is yours "
                "better?",
                "Not from one series: the same strategy moves by several wins from one series of "
                "20 to the next. Compare the six series together, and try more games.",
            ),
        ),
    },
    "class-games": {
        "title": "The class's own games as data (activity 6)",
        "goal": (
            "Students copy their recorded games into a spreadsheet, load them, and ask of them "
            "the questions of activity 4."
        ),
        "maths": "collecting and cleaning data; the share of games the starter won; a sample "
                 "and what it can say.",
        "materials": (
            "The record sheets from a lesson of play (record_sheet.pdf); computers with a "
            "spreadsheet and notebook 06, activity 6; the template recorded_games_template.csv "
            "(in Spanish: plantilla_partidas_grabadas.csv); exit tickets."
        ),
        "screen": "typing the records, loading them, questions a to d.",
        "paper": "the record sheets; the exit ticket.",
        "blocks": (
            "Launch: why do we write team letters and not names?",
            "Each group copies its record sheets into the template, one row per move.",
            "Load the made-up example and answer a to c; read the message for a record with a "
            "mistake.",
            "Load the class's own file and answer a, b and d again.",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "The computer refuses your record and names line 7. What do you do?",
                "Look at line 7 of the file and at the same move on the paper sheet: the player "
                "or the hole was copied wrong, or the move could not have been played. Correct "
                "it and load the file again.",
            ),
            (
                "Our class's starters won 12 of 20 games somebody won. Can we say that people "
                "in general gain from starting?",
                "No: 20 games move a lot by chance, and one class is not a random sample of all "
                "players. We would need many more games, from many players and places.",
            ),
        ),
    },
    "strategy-07a": {
        "title": "Notebook 07, part 1: the computer players",
        "goal": (
            "Students describe what each computer player does, read a small tournament's "
            "results with their intervals, and compare two ways of finding a good first move."
        ),
        "maths": "shares and 95 % intervals; comparing players with a tournament.",
        "materials": "Computers or the projector with notebook 07; exit tickets.",
        "screen": "notebook 07, sections 1 to 3.",
        "paper": "the exit ticket.",
        "blocks": (
            "Section 1: the computer players and what each one does.",
            "Section 2: how strong they are, from a small tournament.",
            "Section 3: a good first move? Two ways that do not agree.",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "How does the greedy player choose its move?",
                "It takes the move that captures the most seeds now (one move ahead), and "
                "chooses at random among moves that capture the same.",
            ),
            (
                "Why does the notebook play many games, not one, to say which player is "
                "stronger?",
                "One game can be won by luck; the share of many games moves less by chance.",
            ),
        ),
    },
    "strategy-07b": {
        "title": "Notebook 07, part 2: rules of thumb and perfect play",
        "goal": (
            "Students test a rule of thumb with games, and tell what a deep search proves from "
            "what it only estimates."
        ),
        "maths": "a hypothesis tested with data; proof and estimate.",
        "materials": "Computers or the projector with notebook 07; exit tickets.",
        "screen": "notebook 07, sections 4, 5 and 7.",
        "paper": "one exercise of section 6; the exit ticket.",
        "blocks": (
            "Section 4: rules of thumb, put to the test.",
            "Section 5: what deep search says about each opening.",
            "Section 7: who wins with perfect play, the short box in plain words.",
            "One exercise of section 6, in pairs.",
            "Exit ticket.",
        ),
        "homework": "",
        "ticket": (
            (
                "A player with a rule of thumb won {share_won} of {games} decided games against "
                "the same player without it. With a fair coin, the middle 95 % of experiments of "
                "{games} tosses runs from {low} to {high} heads. Is the rule shown to help?",
                "No: {share_won} lies inside the range chance alone gives for {games} games; more "
                "games are needed.",
            ),
            (
                "What is the difference between what deep search proves and what it only "
                "estimates?",
                "A proven value is exact for the rules as the program plays them; an estimate "
                "comes from a search that stopped early or from games, and may change with more "
                "search.",
            ),
        ),
    },
}

RUBRIC = (
    {
        "exercise": "1c",
        "title": "",
        "criterion": "The answer (No) and why: full rounds and the remainder.",
        "levels": (
            "Says No and explains that each full round gives every hole one seed and the "
            "remainder, smaller than the number of holes, gives some holes one more.",
            "Says No with part of the reason (the seeds go one by one round the ring), or "
            "explains with an example only.",
            "Says No with no reason, or gives a reason that does not fit the answer.",
            "Says Yes, or leaves it blank.",
        ),
    },
    {
        "exercise": "3d",
        "title": "",
        "criterion": "Sowing keeps the total; captures take fours.",
        "levels": (
            "Explains both: sowing only moves seeds, and every capture takes a casa of exactly "
            "four, so the total goes down four at a time from 48.",
            "Explains one of the two (the captures of four, or that sowing keeps the total).",
            "Repeats that 48, 44, 40 ... are multiples of four without saying why the game "
            "keeps them so.",
            "No explanation, or an explanation about a different question.",
        ),
    },
    {
        "exercise": "",
        "title": "Activity 7. The community as a source: the interview notes and the class table",
        "criterion": "Consent, careful notes, a fair comparison with the recorded rules.",
        "levels": (
            "Asked with consent and wrote no names; noted the answers in the person's words "
            "with place and years; compared each rule with Hoyito I, II, III or Ba-awa, and "
            "called a rule nobody recorded a new observation, not a mistake.",
            "Consent and no names; notes with place or years; compared some rules.",
            "Notes without place or years, or a comparison that calls an answer wrong.",
            "A name written down, or no notes.",
        ),
    },
)

QUIZ = (
    (
        "You sow {seeds} seeds round a board of {holes} holes. How many seeds does every hole "
        "receive, and how many holes receive one seed more?",
        "{answer}: {working}",
    ),
    (
        "On an empty board of {holes} holes, {seeds} seeds are sown from hole {start}. In which "
        "hole does the last seed land?",
        "{answer}: {working}",
    ),
    (
        "In Hoyito I, South sows hole {start} ({seeds} seeds) on the board shown. Where does the "
        "very last seed of the move land?",
        "{answer}: {working}",
    ),
    (
        "On the board shown, South sows hole {start} ({seeds} seeds). How many seeds does South "
        "capture in Hoyito I? And in Ba-awa, how many seeds does North take?",
        "Hoyito I: {answer}. Ba-awa: North takes {other}, because a four made during sowing "
        "goes to the owner of the hole. {working}",
    ),
    (
        "Of {games} games between two random players, {draws} were drawn. If starting made no "
        "difference, about how many games would the starter win? Explain.",
        "About {fair}: half of the {decided} games that somebody won, not half of all {games}, "
        "because nobody wins a draw.",
    ),
    (
        "A pair tossed a fair coin {tosses} times and got {heads} heads. Is that unusual? Explain "
        "with what chance alone gives.",
        "Not unusual: chance alone gives a count at least that far from {middle} ({count} or "
        "more heads, or {low} or fewer) in about {share} of experiments of {tosses} tosses.",
    ),
)

COINS = {
    "subtitle": "For pairs. Only after the class has made its dot plot does the computer toss.",
    "need": "You need: one coin per pair, this sheet, a pencil.",
    "story": (
        "Suppose starting made no difference in a game. Then each game that somebody won would be "
        "like a coin toss: heads, the starter won; tails, the other player won. How many heads "
        "does chance alone give in 20 tosses?"
    ),
    "predict": "Before you toss, write your guess: in 20 tosses we will get ______ heads.",
    "part_a": "Part A (pairs): toss the coin 20 times",
    "part_a_text": (
        "One tosses, the other writes H (heads) or T (tails) in each box, in order. Do not stop "
        "or start again when a run looks odd: every toss counts."
    ),
    "toss": "toss",
    "side": "H or T",
    "count": "Heads: ______ of 20.   Share of heads: ______ / 20 = ______ %",
    "part_b": "Part B (the class): a dot plot on the board",
    "part_b_text": (
        "Your teacher draws this number line on the board. Each pair puts one dot above its "
        "number of heads; dots on the same number go one above the other. Copy the class's plot "
        "here."
    ),
    "axis": "number of heads in 20 tosses",
    "questions": (
        "1. Where do most dots fall? Which counts did no pair get?\n"
        "2. The smallest count was ______ and the largest ______. Did any pair get exactly 10?\n"
        "3. Would 14 heads surprise you? And 18? Why?"
    ),
    "part_c": "Part C (then the computer): 1,000 experiments",
    "part_c_text": (
        "Notebook {notebook}, activity 4, \u201cWhat would chance alone give?\u201d: the computer "
        "does 1,000 experiments of 20 tosses each and draws how the shares spread. Compare its "
        "chart with the class's dot plot: is the middle the same? Is the spread about as wide? "
        "Then the notebook marks the share the starter really won in 400 random games of Ba-awa, "
        "and asks whether chance alone often goes that far from 50 %."
    ),
    "notebook": "06_classroom.ipynb",
}

LETTER = {
    "greeting": "Dear families,",
    "body": (
        "In the coming weeks our mathematics class works with Hoyito, a mancala game recorded "
        "in the south-west of the Dominican Republic, in which seeds are sown round two rows of "
        "holes. With it we practise division with remainder, counting round a circle, "
        "and probability. We ask your permission for two things. Taking part is voluntary: a "
        "student whose family says no does the same activities with example games and "
        "loses no marks."
    ),
    "games_heading": "1. Your child's games as class data",
    "games": (
        "Students write down the moves of games they play on paper, or the class server keeps "
        "the moves of games played on a phone or computer. The games are written under a team "
        "letter or a pseudonym (such as S07), never a name. We use them only in class, to "
        "count and compare. If we share results outside the class, they carry no names and no "
        "detail that could tell who played."
    ),
    "interviews_heading": "2. Questions to the family about the game",
    "interviews": (
        "Your child may ask you, or relatives and neighbours, whether you know the game and how "
        "you played it. Answering is voluntary: you may say no, skip a question or stop at any "
        "time. Students write no names, and record a voice or take a photograph only if the "
        "person agrees; nothing is asked about other children without their family's permission. "
        "In class they share only what the person agreed to share."
    ),
    "questions": (
        "If you have a question, please write to me or come and see me. Thank you for your help."
    ),
    "signature": "The mathematics teacher: ______________________   Date: ____________",
    "cut": "cut here and return the slip to school",
    "slip_heading": "Reply slip",
    "slip_student": "Student: ______________________________   Class: __________",
    "slip_games": (
        "[  ] I agree   [  ] I do not agree   that my child's games, with no name, are used as "
        "class data."
    ),
    "slip_interviews": (
        "[  ] I agree   [  ] I do not agree   that my child asks family members and neighbours "
        "about the game."
    ),
    "slip_sign": (
        "Name of the mother, father or guardian: ______________________   "
        "Signature: ______________   Date: __________"
    ),
}
