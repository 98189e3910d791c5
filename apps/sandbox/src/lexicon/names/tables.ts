/**
 * Given names and family names by country, as people there are commonly named. Written for this
 * project from general knowledge of common names (no copied list; see README.md in this folder).
 * Entries are "|"-separated; "Native:roman" where the native script is not Latin (the romanisation
 * is what a handle uses, and what a display name uses when the account writes in a Latin-script
 * language).
 */
export interface CountryNameSource {
  male: string;
  female: string;
  family: string;
}

// prettier-ignore
export const COUNTRY_NAMES: Readonly<Record<string, CountryNameSource>> = {
  US: {
    male: 'James|John|Michael|David|Chris|Daniel|Matt|Ryan|Josh|Kevin|Brian|Jason|Tyler|Ethan|Noah|Liam|Aiden|Marcus|Andre|Jamal|Darnell|Jose|Luis|Carlos|Brandon|Justin|Austin|Logan|Mason|Caleb|Wyatt|Hunter|Cody|Travis|Derek|Trevor|Connor|Jordan|Isaiah|Xavier',
    female: 'Mary|Jennifer|Sarah|Emily|Jessica|Ashley|Amanda|Olivia|Emma|Sophia|Chloe|Hannah|Grace|Megan|Lauren|Madison|Abigail|Brittany|Kayla|Taylor|Destiny|Jasmine|Aaliyah|Maria|Gabriela|Sofia|Alexis|Brianna|Haley|Morgan|Paige|Kaitlyn|Courtney|Samantha|Natalie|Savannah|Kimberly|Tiffany|Amber|Heather',
    family: 'Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|Wilson|Anderson|Thomas|Taylor|Moore|Jackson|Martin|Lee|Thompson|White|Harris|Clark|Lewis|Robinson|Walker|Young|Allen|King|Wright|Scott|Hill|Green|Adams|Nelson|Baker|Hall|Campbell|Mitchell|Carter|Roberts|Phillips|Evans|Turner|Parker|Collins|Edwards|Stewart|Morris|Murphy|Cook|Rogers|Reed|Bailey|Cooper|Washington|Jefferson|Nguyen|Kim',
  },
  GB: {
    male: 'Oliver|Harry|George|Jack|Jacob|Charlie|Thomas|Oscar|William|James|Alfie|Joshua|Callum|Liam|Connor|Kieran|Jamie|Rhys|Owen|Lewis|Ben|Sam|Tom|Dan|Rob|Ollie|Mohammed|Arjun|Kofi|Declan',
    female: 'Olivia|Amelia|Isla|Ava|Emily|Sophie|Grace|Lily|Chloe|Ella|Charlotte|Jessica|Holly|Megan|Ellie|Freya|Poppy|Rosie|Imogen|Harriet|Eleanor|Niamh|Siobhan|Bethan|Rhian|Aisha|Priya|Zara|Kirsty|Gemma',
    family: 'Smith|Jones|Taylor|Brown|Williams|Wilson|Johnson|Davies|Robinson|Wright|Thompson|Evans|Walker|White|Roberts|Green|Hall|Wood|Jackson|Clarke|Hughes|Edwards|Turner|Hill|Moore|Cooper|Ward|Morris|King|Harrison|Morgan|Baker|Patel|Khan|Ali|Campbell|Stewart|Murray|MacDonald|Fraser|Price|Lloyd|Bennett|Shaw',
  },
  IN: {
    male: 'Aarav|Vihaan|Arjun|Rohan|Rahul|Amit|Vikram|Suresh|Rajesh|Sanjay|Anil|Sunil|Ravi|Karthik|Pranav|Aditya|Siddharth|Nikhil|Abhishek|Manish|Deepak|Vivek|Harsh|Yash|Kunal|Gaurav|Arnav|Ishaan|Varun|Akash|Ramesh|Mohammed|Imran|Gurpreet|Harpreet|Sai|Venkat|Srinivas|Naveen|Tushar',
    female: 'Priya|Ananya|Aditi|Diya|Isha|Kavya|Sneha|Pooja|Neha|Anjali|Shruti|Divya|Meera|Lakshmi|Deepika|Nandini|Riya|Sanya|Tanvi|Aishwarya|Swati|Shreya|Pallavi|Radhika|Kritika|Nisha|Sunita|Rekha|Fatima|Simran|Harleen|Keerthi|Bhavana|Sowmya|Madhuri|Archana|Jyoti|Aarti|Payal|Mansi',
    family: 'Sharma|Verma|Gupta|Singh|Kumar|Patel|Shah|Mehta|Reddy|Rao|Nair|Menon|Iyer|Pillai|Mishra|Pandey|Tiwari|Yadav|Joshi|Kulkarni|Deshpande|Chatterjee|Banerjee|Mukherjee|Das|Bose|Sen|Agarwal|Jain|Malhotra|Kapoor|Khanna|Chopra|Bhatt|Naidu|Chauhan|Thakur|Saxena|Srivastava|Dubey|Gill|Sandhu|Khan|Ansari|Qureshi|Krishnan|Subramanian|Hegde|Shetty|Kaur',
  },
  PK: {
    male: 'Muhammad|Ahmed|Ali|Hassan|Hussain|Usman|Bilal|Hamza|Faisal|Imran|Asad|Zain|Saad|Umar|Waqas|Adnan|Kamran|Junaid|Fahad|Shahid|Tariq|Naveed|Salman|Arslan|Danish',
    female: 'Ayesha|Fatima|Zainab|Maryam|Sana|Hira|Amna|Mahnoor|Iqra|Sadia|Rabia|Nida|Saba|Kiran|Mehwish|Anam|Areeba|Bushra|Samina|Noor|Alina|Hafsa|Laiba|Sidra|Sobia',
    family: 'Khan|Ahmed|Ali|Hussain|Malik|Butt|Chaudhry|Qureshi|Sheikh|Raza|Iqbal|Aslam|Akhtar|Javed|Mirza|Siddiqui|Baig|Abbasi|Awan|Rana|Shah|Bhatti|Gondal|Niazi|Khattak|Yousaf|Rehman|Anwar|Saleem|Nawaz',
  },
  NG: {
    male: 'Chinedu|Emeka|Obinna|Chukwuemeka|Ikenna|Nnamdi|Tunde|Segun|Femi|Babatunde|Olumide|Adebayo|Kayode|Oluwaseun|Tobi|Dapo|Yusuf|Ibrahim|Musa|Abubakar|Aliyu|Sani|Usman|Emmanuel|Samuel|Daniel|David|Godwin|Uche|Kelechi|Ifeanyi|Chidi|Damilola|Ayodeji|Kunle',
    female: 'Ngozi|Chioma|Adaeze|Amaka|Nneka|Ifeoma|Chiamaka|Uchenna|Funmilayo|Folake|Yetunde|Bukola|Titilayo|Temitope|Omolara|Adaora|Zainab|Aisha|Hauwa|Fatima|Hadiza|Blessing|Precious|Favour|Grace|Joy|Esther|Gift|Ebere|Kemi|Tolani|Damilola|Ronke|Bisi|Efe',
    family: 'Okafor|Okonkwo|Eze|Nwosu|Okeke|Obi|Nwachukwu|Chukwu|Onyeka|Igwe|Adeyemi|Ogunleye|Adebayo|Olawale|Afolabi|Balogun|Oladipo|Akinola|Ogundipe|Adewale|Bello|Abubakar|Mohammed|Ibrahim|Suleiman|Danjuma|Lawal|Musa|Okoro|Edet|Effiong|Etim|Akpan|Ekanem|Ogbonna|Uzor|Anyanwu|Oyelaran|Fashola|Oni',
  },
  ZA: {
    male: 'Sipho|Thabo|Themba|Bongani|Mandla|Sibusiso|Lwazi|Kagiso|Tshepo|Lerato|Neo|Kabelo|Musa|Jabulani|Pieter|Johan|Willem|Ruan|Jaco|Michael|David|Ryan|Tyrone|Ashwin|Keegan|Junaid|Lindani|Siyabonga|Xolani|Andile',
    female: 'Nomsa|Thandiwe|Zanele|Lindiwe|Nokuthula|Palesa|Lerato|Naledi|Refilwe|Ayanda|Busisiwe|Nandi|Precious|Mpho|Zodwa|Annelie|Marike|Elmarie|Chantelle|Bianca|Megan|Candice|Jessica|Shireen|Fatima|Thuli|Khanyisile|Boitumelo|Keabetswe|Amahle',
    family: 'Dlamini|Nkosi|Ndlovu|Khumalo|Mthembu|Zulu|Mokoena|Mahlangu|Sithole|Ngcobo|Mkhize|Shabalala|Molefe|Nel|Botha|van der Merwe|Pretorius|du Plessis|Venter|Smit|Naidoo|Pillay|Govender|Moodley|Adams|Jacobs|Petersen|Hendricks|Williams|Smith|Mabaso|Cele|Maseko|Tshabalala|Radebe',
  },
  PH: {
    male: 'Juan|Jose|Mark|John Paul|Christian|Angelo|Carlo|Miguel|Rafael|Paolo|Jerome|Kenneth|Jericho|Joshua|Renz|Aldrin|Rommel|Arnel|Jomar|Ramon|Emmanuel|Dindo|Bong|Nestor|Rodel|Jayson|Ariel|Gilbert|Noel|Ronaldo',
    female: 'Maria|Angelica|Kristine|Princess|Mary Grace|Jessa|Joanna|Camille|Patricia|Andrea|Nicole|Bea|Kathleen|Rowena|Marites|Lorna|Maricel|Jocelyn|Rosario|Cristina|Jasmine|Trisha|Charmaine|Janine|Hazel|Aiza|Rhea|Lovely|Mylene|Shiela',
    family: 'Santos|Reyes|Cruz|Bautista|Ocampo|Garcia|Mendoza|Torres|Tomas|Andrada|Castillo|Flores|Villanueva|Ramos|Castro|Rivera|Aquino|Navarro|Salazar|Mercado|Dela Cruz|De Leon|Del Rosario|Pascual|Manalo|Dizon|Soriano|Gonzales|Lim|Tan|Sy|Gatchalian|Magbanua|Panganiban|Macaraeg|Lacson|Dimaculangan|Sarmiento|Estrada|Agustin',
  },
  EG: {
    male: 'محمد:Mohamed|أحمد:Ahmed|محمود:Mahmoud|مصطفى:Mostafa|عمر:Omar|يوسف:Youssef|كريم:Karim|حسن:Hassan|حسين:Hussein|إبراهيم:Ibrahim|خالد:Khaled|طارق:Tarek|هشام:Hesham|عمرو:Amr|شريف:Sherif|وائل:Wael|أيمن:Ayman|ياسر:Yasser|إسلام:Islam|مينا:Mina|بيشوي:Bishoy|مارك:Mark|عبدالرحمن:Abdelrahman|زياد:Ziad|سيف:Seif',
    female: 'فاطمة:Fatma|مريم:Mariam|نور:Nour|سارة:Sara|ياسمين:Yasmin|منى:Mona|هبة:Heba|رانيا:Rania|دينا:Dina|شيماء:Shaimaa|آية:Aya|ندى:Nada|سلمى:Salma|إسراء:Esraa|رحمة:Rahma|مي:Mai|نهى:Noha|إيمان:Eman|هالة:Hala|ريهام:Reham|مارينا:Marina|كريستين:Christine|جنى:Jana|حبيبة:Habiba|ملك:Malak',
    family: 'السيد:El-Sayed|حسن:Hassan|محمود:Mahmoud|إبراهيم:Ibrahim|عبدالله:Abdallah|مصطفى:Mostafa|علي:Aly|عثمان:Osman|فهمي:Fahmy|شاكر:Shaker|منصور:Mansour|سليمان:Soliman|رمضان:Ramadan|عبدالعزيز:Abdelaziz|الشريف:El-Sherif|النجار:El-Naggar|الشافعي:El-Shafei|زكي:Zaki|رزق:Rizk|جرجس:Girgis|حنا:Hanna|فرج:Farag|سالم:Salem|عادل:Adel|الدسوقي:El-Desouky|بدوي:Badawy|سعيد:Saeed|عوض:Awad|نصر:Nasr|يوسف:Youssef',
  },
  SA: {
    male: 'محمد:Mohammed|عبدالله:Abdullah|فهد:Fahad|سلطان:Sultan|فيصل:Faisal|خالد:Khalid|سعود:Saud|تركي:Turki|ناصر:Nasser|بندر:Bandar|نواف:Nawaf|عبدالعزيز:Abdulaziz|مشعل:Mishal|ماجد:Majed|راكان:Rakan|يزيد:Yazeed|سلمان:Salman|عبدالرحمن:Abdulrahman|حمد:Hamad|ثامر:Thamer',
    female: 'نورة:Noura|سارة:Sarah|ريم:Reem|لمى:Lama|الجوهرة:Aljohara|هيفاء:Haifa|منيرة:Munira|دانة:Dana|غادة:Ghada|عبير:Abeer|أمل:Amal|شهد:Shahad|رزان:Razan|جود:Joud|لطيفة:Latifa|مها:Maha|أروى:Arwa|وعد:Waad|بشاير:Bashayer|هند:Hind',
    family: 'العتيبي:Al-Otaibi|القحطاني:Al-Qahtani|الشمري:Al-Shammari|الدوسري:Al-Dosari|الغامدي:Al-Ghamdi|الزهراني:Al-Zahrani|الحربي:Al-Harbi|المطيري:Al-Mutairi|العنزي:Al-Anazi|السبيعي:Al-Subaie|الشهري:Al-Shehri|العمري:Al-Omari|السهلي:Al-Sahli|البقمي:Al-Buqami|الرشيدي:Al-Rashidi|العسيري:Al-Asiri|الجهني:Al-Juhani|المالكي:Al-Malki|اليامي:Al-Yami|السلمي:Al-Sulami',
  },
  AE: {
    male: 'محمد:Mohammed|أحمد:Ahmed|راشد:Rashid|سعيد:Saeed|حمدان:Hamdan|منصور:Mansour|خليفة:Khalifa|سيف:Saif|عبدالله:Abdulla|مكتوم:Maktoum|هزاع:Hazza|ذياب:Theyab|عمر:Omar|يوسف:Yousef|حمد:Hamad|Rahul:Rahul|Arjun:Arjun|John:John|Mark:Mark|Joseph:Joseph',
    female: 'فاطمة:Fatima|مريم:Mariam|شما:Shamma|موزة:Moza|عائشة:Aisha|حصة:Hessa|علياء:Alia|ميثاء:Maitha|روضة:Rawdha|لطيفة:Latifa|نورة:Noura|سلامة:Salama|Priya:Priya|Anjali:Anjali|Maria:Maria|Sarah:Sarah',
    family: 'المنصوري:Al-Mansoori|الكعبي:Al-Kaabi|المزروعي:Al-Mazrouei|الظاهري:Al-Dhaheri|النعيمي:Al-Nuaimi|الشامسي:Al-Shamsi|الهاشمي:Al-Hashmi|السويدي:Al-Suwaidi|الفلاسي:Al-Falasi|المهيري:Al-Mheiri|الرميثي:Al-Rumaithi|البلوشي:Al-Balushi|Nair:Nair|Menon:Menon|Khan:Khan|Fernandes:Fernandes|Dsouza:Dsouza|Santos:Santos',
  },
  KW: {
    male: 'محمد:Mohammad|عبدالله:Abdullah|فهد:Fahad|أحمد:Ahmad|يوسف:Yousef|بدر:Bader|مشاري:Mishari|خالد:Khaled|جاسم:Jassem|عبدالعزيز:Abdulaziz|حمد:Hamad|سالم:Salem|ناصر:Nasser|طلال:Talal|صالح:Saleh',
    female: 'نورة:Noura|دانة:Dana|فاطمة:Fatma|شيخة:Sheikha|مريم:Mariam|هيا:Haya|سارة:Sarah|دلال:Dalal|لولوة:Lulwa|أسيل:Aseel|نوف:Nouf|ريم:Reem|منيرة:Munira|غدير:Ghadeer|بيبي:Bibi',
    family: 'العازمي:Al-Azmi|الرشيدي:Al-Rashidi|العجمي:Al-Ajmi|المطيري:Al-Mutairi|العنزي:Al-Enezi|الهاجري:Al-Hajri|الكندري:Al-Kandari|الشمري:Al-Shammari|الصباح:Al-Sabah|الغانم:Al-Ghanim|البحر:Al-Bahar|الخرافي:Al-Kharafi|الرومي:Al-Roumi|الفضلي:Al-Fadhli|بهبهاني:Behbehani',
  },
  MA: {
    male: 'محمد:Mohamed|يوسف:Youssef|أمين:Amine|مهدي:Mehdi|حمزة:Hamza|أيوب:Ayoub|أنس:Anas|ياسين:Yassine|عثمان:Othmane|رضا:Reda|إلياس:Ilyas|سفيان:Soufiane|زكرياء:Zakaria|أشرف:Achraf|هشام:Hicham|كريم:Karim|عبد الإله:Abdelilah|نبيل:Nabil|رشيد:Rachid|طارق:Tarik',
    female: 'فاطمة الزهراء:Fatima Zahra|مريم:Meryem|خديجة:Khadija|سلمى:Salma|هاجر:Hajar|إيمان:Imane|سكينة:Sanae|كوثر:Kaoutar|أسماء:Asmae|وئام:Wiam|ياسمين:Yasmine|نادية:Nadia|سعاد:Souad|لبنى:Loubna|غيثة:Ghita|زينب:Zineb|حنان:Hanane|نسرين:Nisrine|شيماء:Chaimae|ليلى:Leila',
    family: 'العلوي:Alaoui|بناني:Bennani|التازي:Tazi|الإدريسي:Idrissi|برادة:Berrada|الفاسي:Fassi|الشرقاوي:Cherkaoui|بنجلون:Benjelloun|العمراني:Amrani|الصقلي:Sekkali|الوزاني:Ouazzani|بوزيد:Bouzid|الحسني:Hassani|المنصوري:Mansouri|الزياني:Ziani|الكتاني:Kettani|الرحماني:Rahmani|بنعلي:Benali|أمزيان:Amziane|أوحمو:Ouhammou',
  },
  BR: {
    male: 'João|Pedro|Lucas|Gabriel|Matheus|Rafael|Gustavo|Felipe|Bruno|Thiago|Rodrigo|Leonardo|Vinícius|Guilherme|Eduardo|Diego|Caio|Henrique|André|Marcelo|Fernando|Ricardo|Luiz|Carlos|Paulo|Renato|Daniel|Igor|Murilo|Enzo|Davi|Arthur|Heitor|Bernardo|Wesley',
    female: 'Ana|Maria|Juliana|Fernanda|Camila|Beatriz|Larissa|Amanda|Bruna|Gabriela|Letícia|Mariana|Aline|Patrícia|Carolina|Jéssica|Vanessa|Isabela|Luana|Thaís|Natália|Raquel|Renata|Débora|Priscila|Vitória|Giovanna|Alice|Helena|Valentina|Lorena|Sophia|Manuela|Rafaela|Tatiane',
    family: 'Silva|Santos|Oliveira|Souza|Rodrigues|Ferreira|Alves|Pereira|Lima|Gomes|Costa|Ribeiro|Martins|Carvalho|Almeida|Lopes|Soares|Fernandes|Vieira|Barbosa|Rocha|Dias|Nascimento|Andrade|Moreira|Nunes|Marques|Machado|Mendes|Freitas|Cardoso|Ramos|Gonçalves|Santana|Teixeira|Araújo|Cavalcanti|Monteiro|Moura|Pinto',
  },
  MX: {
    male: 'José|Juan|Luis|Carlos|Jorge|Miguel|Alejandro|Eduardo|Fernando|Ricardo|Francisco|Javier|Sergio|Arturo|Roberto|Daniel|Diego|Emiliano|Santiago|Mateo|Sebastián|Leonardo|Iker|Rodrigo|Ángel|Héctor|Raúl|Armando|Gerardo|Édgar|Iván|Omar|Marco|Alan|Uriel',
    female: 'María|Guadalupe|Fernanda|Sofía|Valeria|Camila|Ximena|Regina|Daniela|Andrea|Mariana|Alejandra|Gabriela|Paola|Karla|Diana|Verónica|Adriana|Leticia|Rocío|Itzel|Citlali|Montserrat|Renata|Natalia|Lupita|Marisol|Yesenia|Araceli|Brenda|Jimena|Dulce|Abril|Nayeli|Elena',
    family: 'Hernández|García|Martínez|López|González|Pérez|Rodríguez|Sánchez|Ramírez|Cruz|Flores|Gómez|Morales|Vázquez|Reyes|Jiménez|Torres|Díaz|Gutiérrez|Ruiz|Mendoza|Aguilar|Ortiz|Moreno|Castillo|Romero|Álvarez|Méndez|Chávez|Rivera|Juárez|Domínguez|Ramos|Herrera|Medina|Castro|Vargas|Guzmán|Salazar|Velázquez',
  },
  ID: {
    male: 'Budi|Agus|Andi|Dedi|Rizky|Fajar|Ahmad|Muhammad|Eko|Joko|Bambang|Hendra|Arif|Yoga|Dimas|Bayu|Adi|Putra|Reza|Ilham|Wahyu|Teguh|Iwan|Rudi|Gilang|Aditya|Farhan|Rangga|Taufik|Hadi',
    female: 'Siti|Dewi|Sri|Putri|Ayu|Rina|Fitri|Wulan|Indah|Nur|Ratna|Lestari|Intan|Anisa|Dian|Maya|Nadia|Rahma|Yuni|Kartika|Citra|Mega|Nabila|Salsabila|Tiara|Aulia|Amelia|Novita|Wati|Sari',
    family: 'Saputra|Wijaya|Santoso|Kusuma|Pratama|Hidayat|Nugroho|Setiawan|Siregar|Nasution|Harahap|Lubis|Simanjuntak|Sitompul|Wibowo|Gunawan|Purnomo|Susanto|Halim|Hakim|Rahman|Syahputra|Ramadhan|Permana|Firmansyah|Kurniawan|Hartono|Suharto|Tanjung|Panjaitan',
  },
  MY: {
    male: 'Muhammad|Ahmad|Mohd|Amir|Hafiz|Faiz|Azman|Hakim|Syafiq|Irfan|Aiman|Danial|Haziq|Firdaus|Wei Jie|Jun Hao|Kok Leong|Chee Keong|Ravi|Suresh|Kumar|Ganesh|Arif|Zul|Shah',
    female: 'Nur|Siti|Aisyah|Nurul|Farah|Aina|Balqis|Syafiqah|Amirah|Izzati|Hani|Wani|Mei Ling|Xin Yi|Hui Min|Li Ying|Priya|Kavitha|Devi|Lakshmi|Fatin|Sofea|Alya|Damia|Hana',
    family: 'bin Abdullah|bin Ahmad|binti Ismail|bin Hassan|binti Osman|bin Ibrahim|binti Yusof|bin Razak|bin Ali|binti Rahman|Tan|Lim|Lee|Wong|Ng|Chong|Teo|Ong|Goh|Chan|Krishnan|Muthu|Rajan|Subramaniam|Pillai',
  },
  TR: {
    male: 'Mehmet|Mustafa|Ahmet|Ali|Hüseyin|Hasan|İbrahim|Murat|Emre|Burak|Yusuf|Ömer|Can|Kerem|Eren|Emir|Baran|Serkan|Onur|Oğuz|Tolga|Volkan|Furkan|Berk|Arda',
    female: 'Ayşe|Fatma|Emine|Hatice|Zeynep|Elif|Merve|Büşra|Esra|Özge|Gizem|Ebru|Seda|Derya|Deniz|Selin|İrem|Ecem|Damla|Yağmur|Nisa|Defne|Ceren|Tuğba|Sibel',
    family: 'Yılmaz|Kaya|Demir|Şahin|Çelik|Yıldız|Yıldırım|Öztürk|Aydın|Özdemir|Arslan|Doğan|Kılıç|Aslan|Çetin|Kara|Koç|Kurt|Özkan|Şimşek|Polat|Korkmaz|Erdoğan|Güneş|Aksoy',
  },
};
